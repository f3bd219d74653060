import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Slow, careless and hostile clients against a spawned `invoi-server` on 127.0.0.1: the
/// server keeps its descriptors, memory and time bounded, and stays able to answer /health.
@Suite(.timeLimit(.minutes(3)))  // the whole suite renders beside these tests on two cores
struct HostileClientTests {
    typealias SpawnedServer = ProcessTests.SpawnedServer

    static let renderHead = "POST /render?format=txt HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"

    func health(_ port: Int) throws -> HTTPTestResponse {
        try HTTPTestClient.sendBlocking("GET", "/health", port: port, headers: [:], body: Data())
    }

    // MARK: Descriptors

    /// A head too long for the decoder gets 400; once the client closes, the server's
    /// descriptor is released too (it used to half-close and keep it for ever).
    @Test func overlongHeadsReleaseTheirDescriptors() throws {
        let server = try SpawnedServer([])
        _ = try health(server.port)
        let before = ProcessState.openDescriptors(server.pid)
        let filler = String(repeating: "a", count: 1 << 20)
        for index in 0..<10 {
            let connection = try RawConnection(port: server.port)
            let request =
                index.isMultiple(of: 2) ? "GET /\(filler) HTTP/1.1\r\n" : "GET / HTTP/1.1\r\nX-Long: \(filler)"
            connection.send(request)
            let (answer, _) = connection.receive(within: 5) { $0.count >= 12 }
            #expect(RawConnection.status(of: answer) == 400)
        }
        let released = ProcessState.wait(5) { ProcessState.openDescriptors(server.pid) <= before }
        #expect(released, "descriptors \(before) before, \(ProcessState.openDescriptors(server.pid)) after")
    }

    // MARK: Bodies and the queue

    /// Uploads that trickle take no render place: with one worker and one queue place, six
    /// slow uploads leave a complete request its 200 (it got 429: a place was taken before
    /// the body was read).
    @Test func slowUploadsTakeNoRenderPlace() throws {
        let server = try SpawnedServer(["--workers", "1", "--max-queue", "1"])
        var uploads: [RawConnection] = []
        for _ in 0..<6 {
            let connection = try RawConnection(port: server.port)
            connection.send(Self.renderHead + "Content-Length: 100000\r\n\r\n{")
            uploads.append(connection)
        }
        Thread.sleep(forTimeInterval: 0.3)
        for connection in uploads { connection.send(" ") }
        for _ in 0..<2 {
            let normal = try HTTPTestClient.sendBlocking(
                "POST", "/render?format=txt", port: server.port, headers: ["Content-Type": "application/json"],
                body: Fixtures.invoice)
            #expect(normal.status == 200, "\(normal.text)")
        }
        for connection in uploads {
            #expect(connection.receive(within: 0.1).data.isEmpty, "the uploads go on")
        }
    }

    /// At --max-uploads a new body cuts off the upload that began first, which gets 503 with
    /// Retry-After, so that slow uploads cannot keep a complete request out either.
    @Test func atTheUploadLimitTheOldestUploadIsCutOff() throws {
        let server = try SpawnedServer(["--max-uploads", "5"])
        var uploads: [RawConnection] = []
        for _ in 0..<6 {
            let connection = try RawConnection(port: server.port)
            connection.send(Self.renderHead + "Content-Length: 100000\r\n\r\n{")
            uploads.append(connection)
            // Begun in this order.
            Thread.sleep(forTimeInterval: 0.1)
        }
        // The sixth upload cut off the first.
        let (first, _) = uploads[0].receive(within: 5) { $0.firstRange(of: Data("\r\n\r\n".utf8)) != nil }
        let firstText = String(decoding: first, as: UTF8.self).lowercased()
        #expect(RawConnection.status(of: first) == 503, "\(firstText)")
        #expect(firstText.contains("retry-after: 1\r\n"), "\(firstText)")
        let normal = try HTTPTestClient.sendBlocking(
            "POST", "/render?format=txt", port: server.port, headers: ["Content-Type": "application/json"],
            body: Fixtures.invoice)
        #expect(normal.status == 200, "\(normal.text)")
        // The complete request took the place of the upload that began next.
        #expect(uploads[1].status(within: 5) == 503)
        for connection in uploads.dropFirst(2) {
            #expect(connection.receive(within: 0.1).data.isEmpty, "the other uploads go on")
        }
    }

    /// The bytes held by bodies still arriving are bounded too: past --max-upload-bytes the
    /// upload that began first is cut off (503), and the newer one goes on to its answer.
    @Test func uploadBytesAreBounded() throws {
        let server = try SpawnedServer(["--max-upload-bytes", "200000"])
        let older = try RawConnection(port: server.port)
        older.send(Self.renderHead + "Content-Length: 190000\r\n\r\n" + String(repeating: " ", count: 150_000))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(older.receive(within: 0.2).data.isEmpty)
        let padding = String(repeating: " ", count: 100_000)
        let newer = try HTTPTestClient.sendBlocking(
            "POST", "/render?format=txt", port: server.port, headers: ["Content-Type": "application/json"],
            body: Data(padding.utf8) + Fixtures.invoice)
        #expect(newer.status == 200, "\(newer.text)")
        #expect(older.status(within: 5) == 503)
    }

    // MARK: Timeouts and the connection limit

    /// Clients that never finish their heads are disconnected after --header-timeout, and
    /// at --max-connections a new client (a health check) closes the one idle longest.
    @Test func slowHeadsAreCutOffAndHealthIsAnsweredAtTheLimit() throws {
        let server = try SpawnedServer(["--max-connections", "8", "--header-timeout", "1.5"])
        var slow: [RawConnection] = []
        for _ in 0..<8 {
            let connection = try RawConnection(port: server.port)
            connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            slow.append(connection)
            // Admitted in this order, on whichever event loop.
            Thread.sleep(forTimeInterval: 0.05)
        }
        for _ in 0..<3 {
            #expect(try health(server.port).status == 200)
        }
        // The oldest slow client made room; every one is gone after the header timeout.
        #expect(slow[0].receive(within: 1).closed)
        for connection in slow.dropFirst() {
            #expect(connection.receive(within: 5).closed)
        }
    }

    /// With every connection busy uploading a body (none idle to close), probes still get in,
    /// on the reserve kept beyond --max-connections: /health, /ready and /metrics are
    /// answered and the connection closed; anything else there is 503 with Retry-After.
    /// Clients that hold reserve places without a head are closed first, or after a short
    /// header timeout, so that they cannot keep probes out. (A new connection used to be reset.)
    @Test func probesAreAnsweredWhenEveryConnectionIsBusy() throws {
        let server = try SpawnedServer([
            "--workers", "1", "--max-connections", "4", "--timeout", "40", "--header-timeout", "1",
        ])
        var uploads: [RawConnection] = []
        for _ in 0..<4 {
            let connection = try RawConnection(port: server.port)
            connection.send(Self.renderHead + "Content-Length: 1000000\r\n\r\n{\"lineItems\": [")
            uploads.append(connection)
        }
        // Every upload's head is read: the four connections are busy, none idle.
        Thread.sleep(forTimeInterval: 0.5)
        for path in ["/health", "/ready", "/metrics", "/health"] {
            let connection = try RawConnection(port: server.port)
            connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let (answer, closed) = connection.receive(within: 5)
            #expect(RawConnection.status(of: answer) == 200, "\(path): \(String(decoding: answer, as: UTF8.self))")
            #expect(closed, "\(path): a reserve connection answers one request")
        }
        let render = try RawConnection(port: server.port)
        render.send(Self.renderHead + "Content-Length: 2\r\n\r\n{}")
        let (refusal, closed) = render.receive(within: 5)
        let text = String(decoding: refusal, as: UTF8.self).lowercased()
        #expect(RawConnection.status(of: refusal) == 503, "\(text)")
        #expect(text.contains("retry-after: 1\r\n"), "\(text)")
        #expect(text.contains("connection: close\r\n"), "\(text)")
        #expect(closed)
        // Silent clients fill the reserve: a probe closes the one silent longest to get in,
        // and the rest are closed after the reserve's header timeout (1 s here).
        var silent: [RawConnection] = []
        for _ in 0..<8 {
            silent.append(try RawConnection(port: server.port))
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(try health(server.port).status == 200)
        #expect(silent[0].receive(within: 1).closed)
        for connection in silent.dropFirst() {
            #expect(connection.receive(within: 4).closed)
        }
        // The uploads were never disturbed.
        for connection in uploads {
            #expect(connection.receive(within: 0.1).data.isEmpty)
        }
    }

    /// Under a descriptor limit that leaves no useful number of connections, the server
    /// refuses to start (69) and says what to raise; it used to run with one connection.
    @Test func tooFewDescriptorsRefuseToStart() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 64 && exec \"$0\" --port 0", BuiltProducts.server.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 69, "\(text)")
        #expect(text.contains("the limit on open descriptors is 64"), "\(text)")
        #expect(text.contains("raise it to 88 or more"), "\(text)")
    }

    /// A kept-alive connection with no next request is closed after --idle-timeout.
    @Test func idleKeptAliveConnectionsAreClosed() throws {
        let server = try SpawnedServer(["--idle-timeout", "1"], environment: ["INVOI_MAX_CONNECTIONS": "50"])
        let connection = try RawConnection(port: server.port)
        connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let (answer, closed) = connection.receive(within: 5) { $0.firstRange(of: Data("}\n".utf8)) != nil }
        #expect(RawConnection.status(of: answer) == 200)
        #expect(!closed)
        #expect(connection.receive(within: 5).closed)
        #expect(server.logText.contains(#""max_connections":50"#))
    }

    /// Under a low descriptor limit, many idle clients neither exhaust the descriptors nor
    /// make the accept loop spin: /health is answered and the process stays nearly idle.
    @Test func theDescriptorLimitIsNeverReached() throws {
        let server = try SpawnedServer([], descriptorLimit: 128)
        // 128 − 64 for files − 8 for probes; lowered from 1024, and the log says so.
        let log = server.logText
        #expect(log.contains(#""max_connections":56"#), "\(log)")
        #expect(log.contains(#""level":"warning""#) && log.contains(#""descriptor_limit":128"#), "\(log)")
        var idle: [RawConnection] = []
        for _ in 0..<150 {
            idle.append(try RawConnection(port: server.port))
        }
        #expect(try health(server.port).status == 200)
        let cpuBefore = ProcessState.cpuSeconds(server.pid)
        Thread.sleep(forTimeInterval: 2)
        let used = ProcessState.cpuSeconds(server.pid) - cpuBefore
        #expect(used < 0.5, "the server used \(used) s of CPU in 2 s while idle")
        #expect(try health(server.port).status == 200)
        #expect(ProcessState.openDescriptors(server.pid) < 128)
        withExtendedLifetime(idle) {}
    }

    // MARK: The upload and the timeout

    /// --timeout counts the upload: a body that stalls gets 503 once it has passed.
    @Test func aStalledUploadIsAnswered503AtTheTimeout() throws {
        let server = try SpawnedServer(["--timeout", "1.5"])
        let connection = try RawConnection(port: server.port)
        connection.send(Self.renderHead + "Content-Length: 1000000\r\n\r\n{\"lineItems\": [")
        #expect(connection.status(within: 6) == 503)
        #expect(connection.receive(within: 5).closed)
    }

    /// A half-sent body does not hold a SIGTERM drain past --timeout.
    @Test func aHalfSentBodyDoesNotHoldTheDrain() throws {
        let server = try SpawnedServer(["--timeout", "2", "--drain-timeout", "30"])
        let connection = try RawConnection(port: server.port)
        connection.send(Self.renderHead + "Content-Length: 1000000\r\n\r\n{")
        Thread.sleep(forTimeInterval: 0.3)
        kill(server.pid, SIGTERM)
        #expect(server.exitStatus(within: 8) == 0)
        withExtendedLifetime(connection) {}
    }

    // MARK: Broken bodies

    /// A malformed chunk size and a client that stops mid-body are the client's errors:
    /// 400, logged as 400, never 500.
    @Test func brokenBodiesAre400NotServerErrors() throws {
        let server = try SpawnedServer([])
        let chunked = try RawConnection(port: server.port)
        chunked.send(Self.renderHead + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
        #expect(chunked.status(within: 5) == 400)
        let cut = try RawConnection(port: server.port)
        cut.send(Self.renderHead + "Content-Length: 1000\r\n\r\n{\"fromName\": \"A\"")
        Thread.sleep(forTimeInterval: 0.2)
        cut.shutdownSending()
        #expect(cut.status(within: 5) == 400)
        let metrics = try HTTPTestClient.sendBlocking("GET", "/metrics", port: server.port, headers: [:], body: Data())
        #expect(!metrics.text.contains(#"status="500""#), "\(metrics.text)")
        #expect(!server.logText.contains(#""status":500"#))
    }

    // MARK: A drain out of time

    /// When the drain times out, queued renders are dropped and the running one stops: the
    /// queued requests' clients get 503, the log says what each client got, and the exit
    /// status is 1.
    @Test func aDrainOutOfTimeStopsTheWorkAndExits1() async throws {
        let server = try SpawnedServer(["--workers", "1", "--drain-timeout", "1", "--timeout", "60"])
        let long = Fixtures.long(items: 12_000)
        let port = server.port
        @Sendable func post(_ id: String) async -> Int? {
            try? await HTTPTestClient.send(
                "POST", "/render?format=pdf", port: port,
                headers: ["Content-Type": "application/json", "X-Request-Id": id], body: long
            ).status
        }
        async let first = post("client-1")
        async let second = post("client-2")
        async let third = post("client-3")
        // Generous: on a loaded machine the clients' uploads can take seconds to arrive.
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let health = try await HTTPTestClient.send("GET", "/health", port: port)
            if health.json["running"] as? Int == 1, health.json["queued"] as? Int == 2 { break }
            guard ContinuousClock.now < deadline else { throw HTTPTestError(description: "renders never queued") }
            try await Task.sleep(for: .milliseconds(10))
        }
        let start = ContinuousClock.now
        kill(server.pid, SIGTERM)
        let statuses = await [first, second, third]
        #expect(server.exitStatus(within: 10) == 1)
        #expect(ContinuousClock.now - start < .seconds(10))
        // Two were queued and are answered 503 at the drain timeout; the running one stops at
        // its next page, and its client gets 503 if that came before its connection closed.
        #expect(statuses.filter { $0 == 503 }.count >= 2, "\(statuses)")
        #expect(statuses.allSatisfy { $0 == 503 || $0 == nil }, "\(statuses)")
        let log = server.logText
        #expect(log.contains(#""message":"drain timed out""#))
        #expect(log.contains(#""queued_dropped":2"#))
        #expect(log.contains(#""running_stopped":1"#))
        for (index, status) in statuses.enumerated() {
            let line = log.split(separator: "\n").first { $0.contains("\"request_id\":\"client-\(index + 1)\"") } ?? ""
            #expect(line.contains(#""status":503"#), "\(line)")
            #expect(line.contains(#""delivery":"unanswered""#) == (status == nil), "\(line)")
        }
    }

    // MARK: Protocol details

    @Test func http11WithoutHostIs400() throws {
        let server = try SpawnedServer([])
        let bare = try RawConnection(port: server.port)
        bare.send("GET /health HTTP/1.1\r\n\r\n")
        #expect(bare.status(within: 5) == 400)
        let old = try RawConnection(port: server.port)
        old.send("GET /health HTTP/1.0\r\n\r\n")
        #expect(old.status(within: 5) == 200)
        // RFC 9112 §3.2: more than one Host is 400 too.
        let twice = try RawConnection(port: server.port)
        twice.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: example.com\r\n\r\n")
        #expect(twice.status(within: 5) == 400)
    }

    @Test func headIsAnsweredWhereGetIs() throws {
        let server = try SpawnedServer([])
        let connection = try RawConnection(port: server.port)
        connection.send("HEAD /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let (answer, closed) = connection.receive(within: 5)
        #expect(closed)
        #expect(RawConnection.status(of: answer) == 200)
        let text = String(decoding: answer, as: UTF8.self)
        #expect(text.hasSuffix("\r\n\r\n"), "a HEAD answer has no body: \(text)")
        let post = try HTTPTestClient.sendBlocking("POST", "/health", port: server.port, headers: [:], body: Data())
        #expect(post.headers["allow"] == "GET, HEAD")
    }

    @Test func expectContinueIsAnswered() throws {
        let server = try SpawnedServer([])
        let connection = try RawConnection(port: server.port)
        connection.send(
            Self.renderHead
                + "Content-Length: \(Fixtures.invoice.count)\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
        let (interim, _) = connection.receive(within: 3) { $0.firstRange(of: Data("\r\n\r\n".utf8)) != nil }
        #expect(String(decoding: interim, as: UTF8.self).hasPrefix("HTTP/1.1 100 Continue\r\n"))
        connection.send(Fixtures.invoice)
        let (rest, _) = connection.receive(within: 10)
        #expect(RawConnection.status(of: rest) == 200)
    }

    @Test func compressedBodiesAre415() throws {
        let server = try SpawnedServer([])
        let response = try HTTPTestClient.sendBlocking(
            "POST", "/render", port: server.port,
            headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
            body: Data([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 3]))
        #expect(response.status == 415)
    }

    /// A symbolic link in the logo directory that points out of it is refused; logo errors
    /// name the path as written (shortened), never the server's directory.
    @Test func logosStayInsideTheLogoDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outside = Fixtures.repository.appendingPathComponent("Goldens/status-paid/page-1.png")
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("link.png"), withDestinationURL: outside)
        let server = try SpawnedServer(["--logo-dir", directory.path])
        func render(logo: String) throws -> HTTPTestResponse {
            var invoice = try JSONSerialization.jsonObject(with: Fixtures.invoice) as! [String: Any]
            invoice["logo"] = logo
            return try HTTPTestClient.sendBlocking(
                "POST", "/render?format=txt", port: server.port, headers: ["Content-Type": "application/json"],
                body: JSONSerialization.data(withJSONObject: invoice))
        }
        let linked = try render(logo: "link.png")
        #expect(linked.status == 422)
        #expect(linked.problemPaths == ["logo"])
        // Its message says what is wrong: not a '..' (it has none), a link out of the directory.
        #expect(linked.text.contains("'link.png' points outside the logo directory"), "\(linked.text)")
        #expect(!linked.text.contains("'..'"), "\(linked.text)")
        let missing = try render(logo: String(repeating: "x", count: 3000) + ".png")
        #expect(missing.status == 422)
        #expect(!missing.text.contains(directory.path))
        #expect(missing.text.count < 600, "\(missing.text.count) characters")
    }

    // MARK: Signals, metrics, start-up

    @Test func sighupDrainsLikeSIGTERM() throws {
        let server = try SpawnedServer([])
        _ = try health(server.port)
        kill(server.pid, SIGHUP)
        #expect(server.exitStatus(within: 10) == 0)
        #expect(server.logText.contains(#""message":"draining""#))
    }

    @Test func cpuSecondsIsACounter() throws {
        let server = try SpawnedServer([])
        let metrics = try HTTPTestClient.sendBlocking("GET", "/metrics", port: server.port, headers: [:], body: Data())
        #expect(metrics.text.contains("# TYPE process_cpu_seconds_total counter"))
        #expect(metrics.text.contains("\ninvoi_open_connections "))
    }

    @Test func aPortInUseIsItsOwnError() throws {
        let first = try SpawnedServer([])
        let process = Process()
        process.executableURL = BuiltProducts.server
        process.arguments = ["--port", String(first.port)]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 69)
        #expect(text.contains("already in use"), "\(text)")
        #expect(!text.contains("draining"))
    }
}
