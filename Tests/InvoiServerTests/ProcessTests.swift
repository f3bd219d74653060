import Foundation
import InvoiTestSupport
import Testing

/// The built `invoi-server` as a process: the same bytes as `invoi render`, and the drain
/// on SIGTERM.
@Suite(.timeLimit(.minutes(3)))  // the whole suite renders beside these tests on two cores
struct ProcessTests {
    /// A spawned `invoi-server` on a free port; its log (standard error) goes to a file.
    final class SpawnedServer: Sendable {
        let process: Process
        let log: URL
        let port: Int

        /// `descriptorLimit` starts it under `ulimit -n` of that many descriptors.
        init(_ arguments: [String], environment: [String: String] = [:], descriptorLimit: Int? = nil) throws {
            log = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-server-\(UUID().uuidString).log")
            try Data().write(to: log)
            let process = Process()
            if let descriptorLimit {
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments =
                    [
                        "-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", BuiltProducts.server.path, "--port",
                        "0",
                    ]
                    + arguments
            } else {
                process.executableURL = BuiltProducts.server
                process.arguments = ["--port", "0"] + arguments
            }
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardError = try FileHandle(forWritingTo: log)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            self.process = process
            let deadline = Date().addingTimeInterval(20)
            var found: Int?
            while found == nil, Date() < deadline, process.isRunning {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                if let range = text.range(of: #""port":[0-9]+"#, options: .regularExpression) {
                    found = Int(text[range].dropFirst(7))
                } else {
                    Thread.sleep(forTimeInterval: 0.02)
                }
            }
            guard let found else {
                process.terminate()
                throw HTTPTestError(description: "invoi-server did not announce its port")
            }
            port = found
        }

        var pid: Int32 { process.processIdentifier }

        var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        /// The exit status, waiting at most `seconds`.
        func exitStatus(within seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            return process.isRunning ? nil : process.terminationStatus
        }

        deinit {
            if process.isRunning { process.terminate() }
            try? FileManager.default.removeItem(at: log)
        }
    }

    @Test func sameBytesAsTheCommandLine() async throws {
        let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]
        let server = try SpawnedServer([], environment: epoch)
        let scratch = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cases: [(String, Data)] =
            ["pdf", "png", "svg", "txt", "ops"].map { ($0, Fixtures.invoice) }
            + ["cii", "ubl", "facturx"].map { ($0, Fixtures.eInvoice) }
        for (format, invoice) in cases {
            let input = scratch.appendingPathComponent("\(format).json")
            try invoice.write(to: input)
            let output = scratch.appendingPathComponent("out.\(format)")
            let cli = try Tools.execute(
                BuiltProducts.invoi, ["render", input.path, "--format", format, "-o", output.path],
                environment: ProcessInfo.processInfo.environment.merging(epoch) { $1 })
            #expect(cli.status == 0, "\(format): \(String(decoding: cli.standardError, as: UTF8.self))")
            let served = try await HTTPTestClient.post("/render?format=\(format)", port: server.port, json: invoice)
            #expect(served.status == 200)
            #expect(served.body == (try? Data(contentsOf: output)), "\(format) differs from invoi render")
        }
        server.process.terminate()
        #expect(server.exitStatus(within: 10) == 0)
    }

    /// SIGTERM while one render runs and another waits: readiness goes false, both finish
    /// with 200, and the process exits 0.
    @Test func drainsOnSIGTERM() async throws {
        // A generous --timeout: on a busy machine two debug renders in a row pass the default 10 s.
        let server = try SpawnedServer(["--workers", "1", "--timeout", "60"])
        // Long enough that the second is still queued when /health is asked, on a loaded machine
        // too (2,500 items took about a second in a debug build once the tagged PDF stopped going
        // through Cairo's tag API, and the queue was missed when the tests ran together).
        let long = Fixtures.long(items: 8_000)
        let port = server.port
        async let first = HTTPTestClient.post("/render?format=pdf", port: port, json: long)
        async let second = HTTPTestClient.post("/render?format=pdf", port: port, json: long)
        // Wait until one renders and the other is queued.
        // Generous: on a loaded machine the clients' uploads can take seconds to arrive.
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let health = try await HTTPTestClient.send("GET", "/health", port: port)
            if health.json["running"] as? Int == 1, health.json["queued"] as? Int == 1 { break }
            guard ContinuousClock.now < deadline else { throw HTTPTestError(description: "renders never queued") }
            try await Task.sleep(for: .milliseconds(10))
        }
        kill(server.process.processIdentifier, SIGTERM)
        let (one, two) = try await (first, second)
        #expect(one.status == 200)
        #expect(two.status == 200)
        #expect(two.body.starts(with: Data("%PDF".utf8)))
        #expect(server.exitStatus(within: 20) == 0)
        let log = (try? String(contentsOf: server.log, encoding: .utf8)) ?? ""
        #expect(log.contains(#""message":"draining""#))
    }
}
