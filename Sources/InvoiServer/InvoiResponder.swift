import Foundation
import HTTPTypes
import Hummingbird
import InvoiDocument
import InvoiRender
import NIOCore
import NIOHTTP1

/// Hummingbird's basic context and the request's channel (for `100 Continue`).
struct InvoiRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// Answers every request: the routes, their errors as JSON, the request id, the access
/// log line and the request counter. One responder instead of Hummingbird's router, so
/// that 404 and 405 come from the same route table as the OpenAPI description.
struct InvoiResponder: HTTPResponder {
    typealias Context = InvoiRequestContext
    let service: InvoiService

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        let requestID = RequestIdentifier(header: request.headers[.requestID])
        let route = Route(rawValue: request.uri.path)
        var format: OutputFormat?
        var response: Response
        do {
            response = try await answer(request, context: context, route: route, format: &format)
        } catch let error as APIError {
            response = error.response
        } catch {
            response =
                APIError(.internalServerError, "unexpected error (\(error)); this is a bug in invoi-server")
                .response
        }
        response.headers[.requestID] = requestID.text
        let status = response.status.code
        let length = request.method == .head ? 0 : response.body.contentLength
        let metrics = service.metrics
        let log = service.log
        let method = request.method.rawValue
        let path = String(request.uri.path.prefix(200))
        let routeLabel = route?.rawValue ?? "unmatched"
        let answeredFormat = format
        // Written once the answer has reached the socket in full, or its connection ended
        // first: the log and the count then say what the client got, not what was meant.
        let record = AccessRecord { delivery, bodyBytes in
            metrics.countRequest(
                route: routeLabel, method: method, format: answeredFormat, status: status,
                delivery: delivery)
            let elapsed = ContinuousClock.now - start
            var fields: [(String, LogValue)] = [
                ("level", .string("info")), ("message", .string("request")), ("method", .string(method)),
                ("path", .string(path)), ("format", .string(answeredFormat?.rawValue ?? "")),
                ("status", .integer(status)), ("bytes", .integer(bodyBytes)),
                (
                    "duration_ms",
                    .number(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
                ),
                ("request_id", .string(requestID.text)),
            ]
            if delivery != .complete {
                fields.append(("delivery", .string(delivery.rawValue)))
                if let length { fields.append(("length", .integer(length))) }
            }
            log.write(fields)
        }
        // A connection closed while its request waited (a client gone), or a request whose
        // handling was cancelled (a drain out of time: no answer is written any more), gets
        // no answer.
        do {
            guard !Task.isCancelled else { throw CancellationError() }
            try await context.channel.triggerUserOutboundEvent(record).get()
        } catch {
            record.finish(.unanswered, bodyBytes: 0)
        }
        return response
    }

    private func answer(
        _ request: Request, context: Context, route: Route?, format: inout OutputFormat?
    ) async throws -> Response {
        // HTTP/1.1 requires Host (RFC 9112 §3.2); the connection gives HTTP/1.0 an empty one.
        guard request.head.authority != nil else {
            throw APIError(.badRequest, "an HTTP/1.1 request must have a Host header")
        }
        // The first Host becomes the authority; one left among the fields is a second (RFC 9112 §3.2).
        guard request.headers[.host] == nil else {
            throw APIError(.badRequest, "a request must have one Host header, not several")
        }
        if service.connections.isProbesOnly(context.channel), !(route?.isProbe ?? false) {
            throw APIError.probesOnly
        }
        guard let route else { throw APIError(.notFound, "no such route; see /openapi.json") }
        guard route.accepts(request.method) else {
            throw APIError(
                .methodNotAllowed, "\(route.rawValue) takes \(route.allowedMethods)",
                headerFields: [.allow: route.allowedMethods])
        }
        switch route {
        case .render:
            return try await render(request, context: context, format: &format)
        case .health:
            let load = service.pool.load
            return .json(
                "{\"status\":\"ok\",\"workers\":\(load.workers),\"running\":\(load.running),\"queued\":\(load.queued)}")
        case .ready:
            let ready = service.isReady
            return .json("{\"ready\":\(ready)}", status: ready ? .ok : .serviceUnavailable)
        case .metrics:
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(
                        bytes: service.metrics.exposition(
                            load: service.pool.load, connections: service.connections.count))))
        case .openAPI:
            return .json(OpenAPIDocument.json)
        case .themes:
            return .json(service.themes.listing)
        }
    }

    private func render(_ request: Request, context: Context, format: inout OutputFormat?) async throws -> Response {
        let arrival = ContinuousClock.now
        var query = try RenderQuery(parameters: QueryString.pairs(request.uri.query ?? ""))
        // Before the body is read: a theme the server does not have is the request's mistake.
        if let name = query.theme, service.themes.themes[name] == nil {
            throw APIError.badParameter(
                "theme",
                service.themes.themes.isEmpty
                    ? "this server has no themes (it is started without --themes)"
                    : "no theme \"\(name)\" on this server; GET /themes lists them")
        }
        format = query.format
        if query.sign, service.rendering.signer == nil {
            throw APIError.badParameter(
                "sign", "this server has no signing key; it signs when started with --sign-keystore FILE")
        }
        guard let contentType = request.headers[.contentType], let kind = MediaType.bodyKind(contentType) else {
            throw APIError(
                .unsupportedMediaType,
                "send the invoice as JSON, with Content-Type: application/json, or a received e-invoice as "
                    + "application/xml (CII, UBL) or application/pdf (Factur-X, ZUGFeRD)")
        }
        query.body = kind
        if let encoding = request.headers[.contentEncoding], encoding.lowercased() != "identity" {
            throw APIError(
                .unsupportedMediaType,
                "the server takes no Content-Encoding (got '\(Excerpt.of(encoding))'); send the JSON as it is")
        }
        let limit = service.configuration.maximumBodySize
        let tooLarge = APIError(.contentTooLarge, "the body is over the server's limit of \(limit) bytes")
        let declaredLength = request.headers[.contentLength].flatMap(Int.init)
        if let declaredLength, declaredLength > limit { throw tooLarge }
        // The body is received under the bound of uploads, not in a render place: slow
        // uploads must not take the room of requests that are complete. The queue place is
        // taken (or 429) once the body is whole.
        if request.headers[.expect]?.lowercased() == "100-continue" {
            context.channel.triggerUserOutboundEvent(ContinueRequest(), promise: nil)
        }
        let upload = service.uploads.begin(on: context.channel)
        let body: Data
        do {
            defer { upload.end() }
            body = try await readBody(
                request, limit: limit, declaredLength: declaredLength, tooLarge: tooLarge, upload: upload)
        }
        let rendered = try await service.render(body, query: query, arrival: arrival)
        var headers: HTTPFields = [
            .contentType: rendered.format.mediaType,
            .contentDisposition: ContentDisposition.attachment(fileName: rendered.fileName),
        ]
        if let pages = rendered.pageCount { headers[.pageCount] = String(pages) }
        for warning in rendered.warnings { headers.append(HTTPField(name: .warning, value: warning)) }
        return Response(
            status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: rendered.bytes)))
    }
}

extension InvoiResponder {
    /// The whole body: 413 past `limit`, 503 when it has not arrived within the server's
    /// timeout, 400 when it is cut short or its chunked framing is malformed.
    private func readBody(
        _ request: Request, limit: Int, declaredLength: Int?, tooLarge: APIError, upload: UploadTable.Upload
    ) async throws(APIError) -> Data {
        var body = Data()
        let start = ContinuousClock.now
        do {
            for try await chunk in request.body {
                guard body.count + chunk.readableBytes <= limit else { throw tooLarge }
                upload.receive(chunk.readableBytes)
                body.append(contentsOf: chunk.readableBytesView)
            }
        } catch let error as APIError {
            throw error
        } catch is UploadTable.Evicted {
            let seconds = (ContinuousClock.now - start).components.seconds
            throw APIError(
                .serviceUnavailable,
                "the body was still arriving after \(seconds) s when newer uploads needed its room; send it faster or retry later",
                headerFields: [.retryAfter: "1"])
        } catch is BodyTimeout {
            throw APIError(
                .serviceUnavailable,
                "the body did not arrive within the server's timeout of \(service.configuration.timeout)")
        } catch let error as HTTPParserError {
            throw APIError(.badRequest, "the body's framing is malformed (\(error))")
        } catch {
            throw APIError(.badRequest, "the body ended before it was complete (the client closed the connection)")
        }
        if let declaredLength, body.count < declaredLength {
            throw APIError(.badRequest, "the body ended after \(body.count) of its \(declaredLength) bytes")
        }
        return body
    }
}

extension APIError {
    /// 503 on a connection of the probe reserve, for anything but a probe.
    static let probesOnly = APIError(
        .serviceUnavailable,
        "every connection is busy; this one is kept for /health, /ready and /metrics; retry later",
        headerFields: [.retryAfter: "1"])

    var response: Response {
        var headers = headerFields
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension Response {
    fileprivate static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}

/// `X-Request-Id`: the client's, when it is a short token safe to log and echo; else a new one.
struct RequestIdentifier: Sendable, Hashable {
    let text: String

    init(header: String?) {
        if let header, (1...128).contains(header.utf8.count),
            header.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        {
            text = header
        } else {
            var generator = SystemRandomNumberGenerator()
            text = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        }
    }
}

/// A query string's name=value pairs, percent-decoded, in order.
enum QueryString {
    static func pairs(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decoded(parts[0]), parts.count > 1 ? decoded(parts[1]) : "")
        }
    }
}

enum MediaType {
    /// What a body of `contentType` is: JSON, or a received e-invoice (XML or PDF); nil for
    /// anything else.
    static func bodyKind(_ contentType: String) -> BodyKind? {
        if isJSON(contentType) { return .json }
        let type = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let type else { return nil }
        if type == "application/xml" || type == "text/xml" || type == "application/pdf"
            || (type.hasPrefix("application/") && type.hasSuffix("+xml"))
        {
            return .eInvoice
        }
        return nil
    }

    /// `application/json` or a `+json` type, with any parameters.
    static func isJSON(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let type else { return false }
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }
}

/// `Content-Disposition` for a file name that may hold any character (RFC 6266): an ASCII
/// fallback, and the exact name percent-encoded as UTF-8.
enum ContentDisposition {
    static func attachment(fileName: String) -> String {
        let fallback = String(
            fileName.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && scalar.value >= 0x20 && scalar != "\"" && scalar != "\\" && scalar.value != 0x7F
                    ? Character(scalar) : "_"
            })
        let attributeCharacters = Set("!#$&+-.^_`|~".utf8)
        let encoded = fileName.utf8.map { byte -> String in
            let isAlphanumeric =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            return isAlphanumeric || attributeCharacters.contains(byte)
                ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
        return "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
    }
}
