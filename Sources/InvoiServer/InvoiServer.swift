import Foundation
import Hummingbird
import HummingbirdCore
import InvoiSigning
import InvoiSpeedups
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// invoi's HTTP service: the routes on Hummingbird, renders on a worker
/// pool, and a graceful drain on SIGTERM.
public struct InvoiServer: Sendable {
    public let configuration: ServerConfiguration
    let service: InvoiService

    /// Loads the fonts and starts the worker threads; throws when no font can be loaded.
    /// `signer` signs the PDFs of requests with `sign=true` (`--sign-keystore`).
    public init(configuration: ServerConfiguration, signer: PDFSigner? = nil) throws {
        self.configuration = configuration
        service = try InvoiService(configuration: configuration, signer: signer)
    }

    /// The worker pool, for tests that occupy it.
    public var pool: RenderPool { service.pool }

    /// How a run ended.
    public enum Ending: Sendable, Hashable {
        /// Stopped, and every accepted render was answered.
        case drained
        /// Renders were still running or queued, or answers still being sent, when the drain
        /// timeout passed: the queued renders were answered 503 without running, the running
        /// ones stopped at their next page, and the answers still being sent were cut off.
        case drainTimedOut
    }

    /// Why the server could not start.
    public enum StartError: Error, CustomStringConvertible {
        /// Another process listens on the address.
        case addressInUse(host: String, port: Int)
        /// The limit on open descriptors leaves too few for connections.
        case tooFewDescriptors(descriptors: Int, needed: Int)
        /// A theme of `--themes` cannot be read (`isDataError` false: exit 66) or is no valid
        /// theme (true: exit 65): each problem, `error: brand.json: colors.accent: …`.
        case themes([String], isDataError: Bool)

        public var description: String {
            switch self {
            case .themes(let problems, _):
                problems.joined(separator: "\n")
            case .addressInUse(let host, let port):
                "port \(port) on \(host) is already in use (is another invoi-server running?)"
            case .tooFewDescriptors(let descriptors, let needed):
                """
                the limit on open descriptors is \(descriptors), too few to serve: invoi-server keeps \
                \(ServerConfiguration.reservedDescriptors) for its files and \(ConnectionTable.probeReserve) \
                for health checks, and needs at least \(ServerConfiguration.minimumConnections) for \
                connections; raise it to \(needed) or more (ulimit -n, or LimitNOFILE= in systemd)
                """
            }
        }
    }

    /// Serves until one of `signals` (then drains: readiness false, no new connections,
    /// in-flight and queued renders finish) or until the task is cancelled. `onListening`
    /// is told the port once the server accepts connections.
    public func run(
        signals: [UnixSignal] = [.sigterm, .sigint, .sighup],
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws -> Ending {
        // A long-running process reuses its freed memory too (switchable: INVOI_SPEEDUPS).
        MallocTuning.keepFreedMemoryForReuse()
        let writer = service.log
        var logger = Logger(label: "invoi-server") { JSONLogHandler(label: $0, writer: writer) }
        logger.logLevel = .info
        let host = configuration.host
        let port = configuration.port
        let limits = ConnectionLimits(configuration)
        let connections = service.connections
        let configuration = configuration
        let application = Application(
            responder: InvoiResponder(service: service),
            server: HTTPServerBuilder { responder in
                GuardedHTTP1Channel(
                    http1: HTTP1Channel(responder: responder), limits: limits, connections: connections)
            },
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                writer.write([
                    ("level", .string("info")), ("message", .string("listening")), ("host", .string(host)),
                    ("port", .integer(port)), ("max_connections", .integer(connections.maximum)),
                ])
                if let lowered = configuration.loweredConnectionLimit {
                    writer.write([
                        ("level", .string("warning")),
                        (
                            "message",
                            .string(
                                "the limit on open descriptors lowers max_connections; raise it (ulimit -n) to serve more"
                            )
                        ),
                        ("descriptor_limit", .integer(lowered.descriptors)),
                        ("max_connections_requested", .integer(lowered.requested)),
                        ("max_connections", .integer(connections.maximum)),
                    ])
                }
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
        // The pool is stopped at the drain timeout (DrainNotice) and, half a second later, once
        // its 503s are written, the connections still open are closed; then the group ends.
        group.maximumGracefulShutdownDuration = configuration.drainTimeout + .seconds(1)
        do {
            try await ServiceGroup(configuration: group).run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw StartError.addressInUse(host: host, port: port)
        } catch {
            if service.drainTimedOut { return .drainTimedOut }
            throw error
        }
        return service.drainTimedOut ? .drainTimedOut : .drained
    }
}

/// Marks the service not ready when a graceful shutdown begins, and stops the worker pool
/// if the drain outlasts its timeout.
private struct DrainNotice: Service {
    let service: InvoiService

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return  // cancelled: the server failed or was stopped without a drain
        }
        service.beginDraining()
        service.log.write([("level", .string("info")), ("message", .string("draining"))])
        // Returns at once (the next service's shutdown waits for it); the timer runs on.
        let service = self.service
        Task {
            try await Task.sleep(for: service.configuration.drainTimeout)
            service.stopForDrainTimeout()
            try await Task.sleep(for: .milliseconds(500))
            service.closeConnectionsForDrainTimeout()
        }
    }
}
