import Foundation
import InvoiDocument
import InvoiRender
import InvoiSigning
import InvoiSpeedups
import InvoiText
import Synchronization

/// What the routes share for the life of a server: the renderer and its worker pool, the
/// metrics, the log and the readiness. One per server; nothing is process-wide.
final class InvoiService: Sendable {
    let configuration: ServerConfiguration
    let pool: RenderPool
    let metrics = ServerMetrics()
    let log: JSONLineWriter
    let rendering: InvoiceRendering
    let connections: ConnectionTable
    let uploads: UploadTable
    /// The themes of `--themes`, read at start.
    let themes: ThemeLibrary
    private let draining = Atomic(false)
    private let timedOutDrain = Atomic(false)

    init(configuration: ServerConfiguration, signer: PDFSigner? = nil) throws {
        self.configuration = configuration
        log = JSONLineWriter(descriptor: configuration.logDescriptor)
        // Before the fonts: a bad theme fails the start at once.
        themes =
            try configuration.themeDirectory.map { directory throws(InvoiServer.StartError) in
                try ThemeLibrary(directory: directory)
            } ?? ThemeLibrary()
        var fonts = FontConfiguration.system
        if let family = configuration.fontFamily { fonts.primaryFamily = family }
        rendering = InvoiceRendering(
            renderer: try Renderer(fonts: fonts), logoDirectory: configuration.logoDirectory, signer: signer,
            themes: themes)
        pool = RenderPool(workers: configuration.workers, queueCapacity: configuration.maximumQueue)
        connections = ConnectionTable(maximum: configuration.maximumConnections)
        uploads = UploadTable(
            maximumCount: configuration.maximumUploads, maximumBytes: configuration.maximumUploadBytes)
    }

    /// False once a drain has begun (SIGTERM).
    var isReady: Bool { !draining.load(ordering: .relaxed) }

    func beginDraining() { draining.store(true, ordering: .relaxed) }

    /// Whether a drain ran out of time with renders queued or running.
    var drainTimedOut: Bool { timedOutDrain.load(ordering: .relaxed) }

    /// The drain's time is up: renders still queued are answered 503 without running, those
    /// running stop at their next page and are answered 503 too, and the log says so.
    func stopForDrainTimeout() {
        let (queued, running) = pool.stop()
        guard queued + running > 0 else { return }
        timedOutDrain.store(true, ordering: .relaxed)
        log.write([
            ("level", .string("warning")), ("message", .string("drain timed out")),
            ("queued_dropped", .integer(queued)), ("running_stopped", .integer(running)),
            ("answer", .string("503 to each of these requests whose client was still connected")),
        ])
    }

    /// The drain's time is up and a moment has passed for the 503s of `stopForDrainTimeout()`:
    /// every connection still open is closed, answers still being sent cut off (their log
    /// lines and counts say `incomplete`).
    func closeConnectionsForDrainTimeout() {
        let cut = connections.closeAll()
        guard cut > 0 else { return }
        timedOutDrain.store(true, ordering: .relaxed)
        log.write([
            ("level", .string("warning")), ("message", .string("drain timed out: connections closed")),
            ("connections_cut", .integer(cut)),
        ])
    }

    /// 429: every worker is busy and the queue is full.
    static let queueFull = APIError(
        .tooManyRequests, "every worker is busy and the queue is full; retry later", headerFields: [.retryAfter: "1"])

    /// 503: the server stopped before the render was done (a drain out of time).
    static let stopped = APIError(
        .serviceUnavailable, "the server is shutting down and stopped this render; retry on another instance")

    /// Decodes and renders on a worker; 429 when the queue is full, 503 once `timeout` has passed since the request's `arrival` (reading its body
    /// counts) or when a drain runs out of time.
    func render(
        _ body: Data, query: RenderQuery, arrival: ContinuousClock.Instant
    ) async throws(APIError) -> RenderedFile {
        let timeout = configuration.timeout
        let left = timeout - (ContinuousClock.now - arrival)
        guard left > .zero else { throw Self.timedOut(timeout) }
        // One creation date per request, read as the CLI reads it (SOURCE_DATE_EPOCH, or now).
        let creationDate = Date.documentCreationDate()
        let rendering = self.rendering
        let metrics = self.metrics
        let result: Result<RenderedFile, APIError>
        do {
            result = try await pool.run(timeout: left) { isAbandoned in
                let start = ContinuousClock.now
                let result = rendering.render(body, query: query, creationDate: creationDate, isAbandoned: isAbandoned)
                metrics.recordRender(format: query.format, duration: ContinuousClock.now - start)
                return result
            }
        } catch .queueFull {
            throw Self.queueFull
        } catch .stopped {
            throw Self.stopped
        } catch {
            throw Self.timedOut(timeout)
        }
        return try result.get()
    }

    private static func timedOut(_ timeout: Duration) -> APIError {
        APIError(.serviceUnavailable, "the render took longer than the server's timeout of \(timeout)")
    }
}
