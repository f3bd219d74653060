import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An answer read off the wire.
struct HTTPTestResponse: Sendable {
    var status: Int
    /// Header fields with lowercased names.
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as the service's JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    /// `error.problems[].path` of an error answer.
    var problemPaths: [String] {
        let problems = (json["error"] as? [String: Any])?["problems"] as? [[String: Any]] ?? []
        return problems.compactMap { $0["path"] as? String }
    }
}

struct HTTPTestError: Error, CustomStringConvertible {
    var description: String
}

/// A plain HTTP/1.1 client over a blocking socket to 127.0.0.1, one connection per request
/// (`Connection: close`), on a thread of its own so that no test blocks Swift's
/// cooperative pool (which the in-process server's tasks share). Every socket has a
/// 30-second receive timeout: a test fails rather than hangs.
enum HTTPTestClient {
    static func send(
        _ method: String, _ target: String, port: Int, headers: [String: String] = [:], body: Data = Data()
    ) async throws -> HTTPTestResponse {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        try sendBlocking(method, target, port: port, headers: headers, body: body)
                    })
            }.start()
        }
    }

    static func post(_ target: String, port: Int, json: Data) async throws -> HTTPTestResponse {
        try await send("POST", target, port: port, headers: ["Content-Type": "application/json"], body: json)
    }

    static func sendBlocking(
        _ method: String, _ target: String, port: Int, headers: [String: String], body: Data
    ) throws -> HTTPTestResponse {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HTTPTestError(description: "socket: \(errno)") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw HTTPTestError(description: "connect to port \(port): errno \(errno)") }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        let request = Data((head + "\r\n").utf8) + body
        var sent = 0
        while sent < request.count {
            let count = request.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, 0) }
            // The server may answer (413) and close before the whole body is sent.
            if count <= 0 { break }
            sent += count
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            if count < 0 && received.isEmpty { throw HTTPTestError(description: "no answer (errno \(errno))") }
            if count <= 0 { break }
            received.append(buffer, count: count)
        }
        return try parse(received)
    }

    private static func parse(_ data: Data) throws -> HTTPTestResponse {
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else {
            throw HTTPTestError(description: "no complete head in \(data.count) bytes")
        }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw HTTPTestError(description: "bad status line \(lines[0])")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunked(body) }
        return HTTPTestResponse(status: status, headers: headers, body: body)
    }

    private static func dechunked(_ data: Data) -> Data {
        var result = Data()
        var index = data.startIndex
        while let lineEnd = data[index...].firstRange(of: Data("\r\n".utf8)) {
            let size = Int(String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? 0
            if size == 0 { break }
            let start = lineEnd.upperBound
            result.append(data[start..<min(start + size, data.endIndex)])
            index = min(start + size + 2, data.endIndex)
        }
        return result
    }
}

/// Runs blocking client work on a thread of its own, off Swift's cooperative pool (which
/// the in-process server's tasks share; a few blocked clients would starve it).
func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
