import HTTPTypes

/// The service's routes. The OpenAPI description is checked against this list.
public enum Route: String, Sendable, CaseIterable {
    case render = "/render"
    case health = "/health"
    case ready = "/ready"
    case metrics = "/metrics"
    case openAPI = "/openapi.json"
    case themes = "/themes"

    public var method: HTTPRequest.Method {
        self == .render ? .post : .get
    }

    /// `method`, and HEAD where it is GET (load balancers probe with HEAD).
    func accepts(_ requestMethod: HTTPRequest.Method) -> Bool {
        requestMethod == method || (method == .get && requestMethod == .head)
    }

    /// A route a load balancer or a scraper polls: answered at once on the event loop, and
    /// so also on the connections kept beyond the limit for it.
    var isProbe: Bool { self == .health || self == .ready || self == .metrics }

    /// The `Allow` header's value.
    var allowedMethods: String { method == .get ? "GET, HEAD" : method.rawValue }
}

extension HTTPField.Name {
    static let requestID = HTTPField.Name("X-Request-Id")!
    static let contentDisposition = HTTPField.Name("Content-Disposition")!
    static let pageCount = HTTPField.Name("Invoi-Page-Count")!
    static let warning = HTTPField.Name("Invoi-Warning")!
    static let retryAfter = HTTPField.Name("Retry-After")!
    static let allow = HTTPField.Name("Allow")!
    static let host = HTTPField.Name("Host")!
}
