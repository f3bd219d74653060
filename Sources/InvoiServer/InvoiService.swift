import Foundation
import InvoiDocument
import InvoiRender
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
    private let draining = Atomic(false)

    init(configuration: ServerConfiguration) throws {
        self.configuration = configuration
        log = JSONLineWriter(descriptor: configuration.logDescriptor)
        var fonts = FontConfiguration.system
        if let family = configuration.fontFamily { fonts.primaryFamily = family }
        rendering = InvoiceRendering(renderer: try Renderer(fonts: fonts), logoDirectory: configuration.logoDirectory)
        pool = RenderPool(workers: configuration.workers, queueCapacity: configuration.maximumQueue)
    }

    /// False once a drain has begun (SIGTERM).
    var isReady: Bool { !draining.load(ordering: .relaxed) }

    func beginDraining() { draining.store(true, ordering: .relaxed) }

    /// 429: every worker is busy and the queue is full.
    static let queueFull = APIError(
        .tooManyRequests, "every worker is busy and the queue is full; retry later", headerFields: [.retryAfter: "1"])

    /// Decodes and renders on a worker; 429 when the queue is full, 503 once `timeout` has
    /// passed since the request's `arrival` (reading its body counts).
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
        } catch {
            throw Self.timedOut(timeout)
        }
        return try result.get()
    }

    private static func timedOut(_ timeout: Duration) -> APIError {
        APIError(.serviceUnavailable, "the render took longer than the server's timeout of \(timeout)")
    }
}
