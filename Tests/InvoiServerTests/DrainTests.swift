import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The SIGTERM drain of a spawned `invoi-server` sends every accepted answer in full, and a
/// drain that runs out of time logs what each client really got.
@Suite(.timeLimit(.minutes(3)))  // the whole suite renders beside these tests on two cores
struct DrainTests {
    typealias SpawnedServer = ProcessTests.SpawnedServer

    /// An invoice whose `ops` answer is about 7 MB, more than the socket buffers hold (its
    /// PDF would take a debug build many seconds).
    static let large = Fixtures.long(items: 1_500)

    /// One request on a kept-alive connection (no `Connection: close`, as most clients send
    /// it), read until its Content-Length has arrived or the server closes.
    static func post(_ target: String, body: Data, port: Int) throws -> (head: String, body: Data) {
        let connection = try RawConnection(port: port)
        connection.send(
            "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.count)\r\n\r\n")
        connection.send(body)
        let separator = Data("\r\n\r\n".utf8)
        let (data, _) = connection.receive(within: 40) { data in
            guard let end = data.firstRange(of: separator) else { return false }
            return data.count - end.upperBound
                >= contentLength(String(decoding: data[..<end.lowerBound], as: UTF8.self))
        }
        guard let end = data.firstRange(of: separator) else { return (String(decoding: data, as: UTF8.self), Data()) }
        return (String(decoding: data[..<end.lowerBound], as: UTF8.self), Data(data[end.upperBound...]))
    }

    static func contentLength(_ head: String) -> Int {
        head.lowercased().split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? Int.max
    }

    /// SIGTERM while a 7 MB answer and eight PDFs are rendering or queued: every client reads
    /// its whole answer, as long as its Content-Length, each PDF ending in %%EOF. (Hummingbird's
    /// own drain closed each connection as soon as the answer was queued, and the kernel
    /// dropped what it had not yet sent: the large answer was cut off, logged as a 200.)
    @Test func everyAnswerInFlightIsSentInFull() async throws {
        let server = try SpawnedServer(["--workers", "2", "--timeout", "60"])
        let port = server.port
        let small = Fixtures.long(items: 1_500)
        let big = Task { try await onThread { try Self.post("/render?format=ops", body: Self.large, port: port) } }
        var smalls: [Task<(head: String, body: Data), any Error>] = []
        for _ in 0..<8 {
            smalls.append(Task { try await onThread { try Self.post("/render?format=pdf", body: small, port: port) } })
        }
        // Generous: on a loaded machine the clients' uploads can take seconds to arrive.
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let health = try await HTTPTestClient.send("GET", "/health", port: port)
            if health.json["running"] as? Int == 2, (health.json["queued"] as? Int ?? 0) >= 3 { break }
            guard ContinuousClock.now < deadline else { throw HTTPTestError(description: "renders never queued") }
            try await Task.sleep(for: .milliseconds(5))
        }
        kill(server.pid, SIGTERM)
        let large = try await big.value
        #expect(large.head.hasPrefix("HTTP/1.1 200"), "\(large.head)")
        #expect(large.body.count == Self.contentLength(large.head), "large: \(large.body.count) bytes of \(large.head)")
        #expect(large.body.count > 4 << 20)
        #expect((try? JSONSerialization.jsonObject(with: large.body)) != nil, "the ops JSON is whole")
        for (index, task) in smalls.enumerated() {
            let (head, body) = try await task.value
            let tail = String(decoding: body.suffix(16), as: UTF8.self)
            #expect(head.hasPrefix("HTTP/1.1 200"), "client \(index): \(head)")
            #expect(body.count == Self.contentLength(head), "client \(index): \(body.count) bytes of \(head)")
            #expect(body.starts(with: Data("%PDF".utf8)) && tail.contains("%%EOF"), "client \(index): ends \(tail)")
        }
        #expect(server.exitStatus(within: 20) == 0)
        let requests = server.logText.split(separator: "\n").filter { $0.contains(#""path":"/render""#) }
        #expect(requests.count == 9)
        #expect(requests.allSatisfy { $0.contains(#""status":200"#) && !$0.contains("delivery") }, "\(requests)")
    }

    /// A client that stops reading a 7 MB answer holds the drain until --drain-timeout; then its
    /// connection is closed, the process exits 1, and the log says the answer was cut off,
    /// with the bytes written and the length it should have had.
    @Test func aDrainOutOfTimeLogsTheAnswerItCut() throws {
        let server = try SpawnedServer(["--workers", "1", "--timeout", "60", "--drain-timeout", "1"])
        let connection = try RawConnection(port: server.port, receiveBuffer: 16 << 10)
        connection.send(
            HostileClientTests.renderHead.replacingOccurrences(of: "format=txt", with: "format=ops")
                + "X-Request-Id: slow-reader\r\nContent-Length: \(Self.large.count)\r\n\r\n")
        connection.send(Self.large)
        let (head, _) = connection.receive(within: 30) { $0.firstRange(of: Data("\r\n\r\n".utf8)) != nil }
        #expect(RawConnection.status(of: head) == 200)
        // The client reads no more.
        let start = ContinuousClock.now
        kill(server.pid, SIGTERM)
        #expect(server.exitStatus(within: 10) == 1)
        #expect(ContinuousClock.now - start < .seconds(8))
        let log = server.logText
        #expect(log.contains(#""message":"drain timed out: connections closed""#), "\(log)")
        let line = String(log.split(separator: "\n").first { $0.contains(#""request_id":"slow-reader""#) } ?? "")
        #expect(line.contains(#""delivery":"incomplete""#), "\(line)")
        let bytes = Self.field("bytes", in: line)
        let length = Self.field("length", in: line)
        #expect(length > 4 << 20, "\(line)")
        #expect(bytes < length, "\(line)")
    }

    static func field(_ name: String, in line: String) -> Int {
        guard let range = line.range(of: "\"\(name)\":[0-9]+", options: .regularExpression) else { return -1 }
        return Int(line[range].split(separator: ":")[1]) ?? -1
    }
}
