import Foundation
import Hummingbird
import InvoiSpeedups
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// invoi's HTTP service (DESIGN §12): the routes on Hummingbird, renders on a worker
/// pool, and a graceful drain on SIGTERM.
public struct InvoiServer: Sendable {
    public let configuration: ServerConfiguration
    let service: InvoiService

    /// Loads the fonts and starts the worker threads; throws when no font can be loaded.
    public init(configuration: ServerConfiguration) throws {
        self.configuration = configuration
        service = try InvoiService(configuration: configuration)
    }

    /// The worker pool, for tests that occupy it.
    public var pool: RenderPool { service.pool }

    /// How a run ended.
    public enum Ending: Sendable, Hashable {
        /// Stopped, and every accepted render was answered.
        case drained
        /// Renders were still running or queued when the drain timeout passed.
        case drainTimedOut
    }

    /// Serves until one of `signals` (then drains: readiness false, no new connections,
    /// in-flight and queued renders finish) or until the task is cancelled. `onListening`
    /// is told the port once the server accepts connections.
    public func run(
        signals: [UnixSignal] = [.sigterm, .sigint], onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws -> Ending {
        // A long-running process reuses its freed memory too (switchable: INVOI_SPEEDUPS).
        MallocTuning.keepFreedMemoryForReuse()
        let writer = service.log
        var logger = Logger(label: "invoi-server") { JSONLogHandler(label: $0, writer: writer) }
        logger.logLevel = .info
        let host = configuration.host
        let application = Application(
            responder: InvoiResponder(service: service),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                writer.write([
                    ("level", .string("info")), ("message", .string("listening")), ("host", .string(host)),
                    ("port", .integer(port)),
                ])
                await onListening(port)
            },
            logger: logger)
        var group = ServiceGroupConfiguration(
            services: [
                .init(service: application),
                // Last in the list, so the first told of a shutdown: readiness goes false
                // before the server stops accepting.
                .init(service: DrainNotice(service: service)),
            ],
            logger: logger)
        group.gracefulShutdownSignals = signals
        group.maximumGracefulShutdownDuration = configuration.drainTimeout
        let pool = service.pool
        do {
            try await ServiceGroup(configuration: group).run()
        } catch {
            let load = pool.load
            if load.queued + load.running > 0 { return .drainTimedOut }
            throw error
        }
        let load = pool.load
        return load.queued + load.running > 0 ? .drainTimedOut : .drained
    }
}

/// Marks the service not ready when a graceful shutdown begins.
private struct DrainNotice: Service {
    let service: InvoiService

    func run() async throws {
        try? await gracefulShutdown()
        service.beginDraining()
        service.log.write([("level", .string("info")), ("message", .string("draining"))])
    }
}
