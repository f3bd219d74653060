import Foundation
import HTTPTypes

/// An answer other than success, sent as
/// `{"error": {"status", "message", "problems": [{"path", "message"}]}}`.
public struct APIError: Error, Sendable, Hashable {
    /// One thing wrong with the request: a JSON path into the invoice, or a query parameter's name.
    public struct Problem: Sendable, Hashable, Codable {
        public var path: String
        public var message: String

        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }
    }

    public var status: HTTPResponse.Status
    public var message: String
    public var problems: [Problem]
    /// Extra header fields: `Retry-After` on 429, `Allow` on 405.
    public var headerFields: HTTPFields

    public init(
        _ status: HTTPResponse.Status, _ message: String, problems: [Problem] = [],
        headerFields: HTTPFields = [:]
    ) {
        self.status = status
        self.message = message
        self.problems = problems
        self.headerFields = headerFields
    }

    /// A query parameter that is unknown or out of range: 400 naming it.
    static func badParameter(_ name: String, _ message: String) -> APIError {
        APIError(
            .badRequest, "query parameter '\(name)': \(message)", problems: [Problem(path: name, message: message)])
    }

    /// The body of the answer.
    var body: Data {
        struct Envelope: Encodable {
            struct Body: Encodable {
                var status: Int
                var message: String
                var problems: [Problem]
            }
            var error: Body
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let envelope = Envelope(error: .init(status: status.code, message: message, problems: problems))
        // Encoding strings and integers cannot fail.
        return ((try? encoder.encode(envelope)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }
}

/// A piece of a client's input or of a server path quoted in a message: at most `limit`
/// characters, cut with `…`, with control characters shown as `\u{…}`.
enum Excerpt {
    static func of(_ text: String, limit: Int = 80) -> String {
        let shown = text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
        return String(
            shown.unicodeScalars.map { scalar in
                scalar.properties.generalCategory == .control
                    ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }.joined())
    }
}
