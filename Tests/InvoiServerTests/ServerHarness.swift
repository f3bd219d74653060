import Foundation
import InvoiModel
import InvoiSigning
import Testing

@testable import InvoiServer

/// Runs an `InvoiServer` in this process (on a free port of 127.0.0.1) for `body`, then
/// stops it. No signal handlers are installed (the spawned-process tests send signals).
func withServer<T: Sendable>(
    _ configuration: ServerConfiguration = .testing, signer: PDFSigner? = nil,
    _ body: @Sendable (InvoiServer, Int) async throws -> T
) async throws -> T {
    let server = try InvoiServer(configuration: configuration, signer: signer)
    let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
    return try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask {
            // A server that fails to start ends the stream, so the wait below ends too.
            defer { portSink.finish() }
            _ = try await server.run(signals: []) { portSink.yield($0) }
            return nil
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw HTTPTestError(description: "the server did not start") }
        let result = try await body(server, port)
        group.cancelAll()
        return result
    }
}

/// Takes every worker of `pool` until `release` is signalled, for tests of a busy server;
/// returns once they are all running.
func occupyWorkers(of pool: RenderPool, until release: DispatchSemaphore) async throws {
    for _ in 0..<pool.workerCount {
        Task { try? await pool.run(timeout: .seconds(60)) { _ in release.wait() } }
    }
    let deadline = ContinuousClock.now + .seconds(10)
    while pool.load.running < pool.workerCount {
        guard ContinuousClock.now < deadline else { throw HTTPTestError(description: "the workers never started") }
        try await Task.sleep(for: .milliseconds(5))
    }
}

func releaseWorkers(of pool: RenderPool, _ release: DispatchSemaphore) {
    for _ in 0..<pool.workerCount { release.signal() }
}

enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A one-page golden invoice, with a non-ASCII sender (for Content-Disposition).
    static let invoice = try! Data(
        contentsOf: repository.appendingPathComponent("Goldens/de-partial-paid/invoice.json"))

    /// An invoice that meets the EN 16931 requirements (`invoi init --einvoice`).
    static var eInvoice: Data { Data(Invoice.eInvoiceExample.prettyPrintedJSON().utf8) }

    /// An invoice of `items` line items: a render long enough to be caught in the queue.
    static func long(items: Int) -> Data {
        var object = try! JSONSerialization.jsonObject(with: invoice) as! [String: Any]
        let item = (object["lineItems"] as! [[String: Any]])[0]
        object["lineItems"] = Array(repeating: item, count: items)
        return try! JSONSerialization.data(withJSONObject: object)
    }
}

/// The built executables, beside the test binary.
enum BuiltProducts {
    static let directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    static let invoi = directory.appendingPathComponent("invoi")
    static let server = directory.appendingPathComponent("invoi-server")
}

extension ServerConfiguration {
    /// A free port, two workers, no log.
    static var testing: ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.workers = 2
        configuration.logDescriptor = silentDescriptor
        return configuration
    }
}

/// /dev/null, for the in-process servers' logs.
private let silentDescriptor = open("/dev/null", O_WRONLY)
