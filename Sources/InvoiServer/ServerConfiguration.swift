import Foundation

/// How an invoi-server runs: every setting is a flag and an `INVOI_*` environment variable
/// (the executable reads them; tests set them here).
public struct ServerConfiguration: Sendable, Hashable {
    /// 127.0.0.1 by default; 0.0.0.0 in a container.
    public var host = "127.0.0.1"
    /// 0 takes any free port (announced in the "listening" log line).
    public var port = 8080
    /// Render threads; the number of cores by default.
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// Renders that may wait for a worker; beyond them a request is answered 429.
    public var maximumQueue = 64
    /// The largest request body, in bytes (8 MiB).
    public var maximumBodySize = 8 << 20
    /// Render bodies being received at once. They take no render place until complete; at
    /// this bound a new one cuts off the upload that began first (503).
    public var maximumUploads = 256
    /// Bytes held at once by render bodies still being received (at least one body's worth);
    /// past it, the uploads that began first are cut off (503).
    public var maximumUploadBytes = 64 << 20
    /// From a render request's arrival to its answer; a request still waiting or rendering
    /// then is answered 503.
    public var timeout: Duration = .seconds(10)
    /// On SIGTERM or SIGHUP, how long in-flight and queued renders may take to finish.
    public var drainTimeout: Duration = .seconds(30)
    /// Open connections; at the limit, a new one closes the connection idle the longest (or,
    /// when every connection has a request in progress, goes to a reserve of a few where
    /// only probes are answered).
    public var maximumConnections = 1024
    /// From a connection's first byte of a request head (or its opening) to the end of that
    /// head; a slower client is disconnected.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a kept-alive connection may wait for its next request. Longer than nginx's
    /// upstream `keepalive_timeout` (60 s), so that the proxy, not the server, ends an idle
    /// connection and never sends on one being closed.
    public var idleTimeout: Duration = .seconds(75)
    /// After an answer sent before its request was read to the end (an error, a timeout), how
    /// long the rest of the request is read and dropped before the connection is closed, so
    /// that the client reads the answer instead of a reset.
    public var lingerTimeout: Duration = .seconds(2)
    /// Where invoices' relative logo paths are read from; nil refuses logos.
    public var logoDirectory: String?
    /// The theme files `?theme=NAME` chooses from, by name (`NAME.json`), read at start; nil
    /// for none.
    public var themeDirectory: String?
    /// A font family to use before the built-in fallbacks (invoi's `--font`).
    public var fontFamily: String?
    /// Set by `fitConnectionsToDescriptorLimit()` when it lowered `maximumConnections`.
    public var loweredConnectionLimit: LoweredConnectionLimit?

    /// Where the JSON-line log goes: standard error (tests silence it).
    public var logDescriptor: Int32 = 2

    public init() {}
}

extension ServerConfiguration {
    /// Descriptors kept for what is not a connection: the listening socket, fonts, logos,
    /// /proc reads, the log.
    static let reservedDescriptors = 64

    /// The fewest connections the descriptor limit may leave before the server refuses to
    /// start: nginx's upstream keep-alive pool (16 in docs/nginx) and a few clients beside
    /// it. Fewer, and a server that starts and passes its first health check fails under
    /// the first load, when a load balancer pulls it; refused, the setting is fixed once.
    public static let minimumConnections = 16

    /// The connection limit lowered by the descriptor limit (the log warns of it).
    public struct LoweredConnectionLimit: Sendable, Hashable {
        /// The soft limit on open descriptors, once raised to the hard one.
        public var descriptors: Int
        /// `maximumConnections` before it was lowered.
        public var requested: Int
    }

    /// Raises the process's soft limit on open descriptors to its hard limit, and lowers
    /// `maximumConnections` to fit under it beside the reserved descriptors and the probe
    /// reserve, so that the server closes idle connections before `accept` ever fails for
    /// want of a descriptor; `loweredConnectionLimit` records a lowering. Throws when the
    /// limit leaves fewer than `minimumConnections` (or fewer than asked for, if less).
    /// Returns the descriptor limit.
    @discardableResult
    public mutating func fitConnectionsToDescriptorLimit() throws(InvoiServer.StartError) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int.max }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let descriptors = Int(clamping: limit.rlim_cur)
        let others = Self.reservedDescriptors + ConnectionTable.probeReserve
        let room = descriptors - others
        let floor = min(maximumConnections, Self.minimumConnections)
        guard room >= floor else {
            throw .tooFewDescriptors(descriptors: descriptors, needed: others + floor)
        }
        if room < maximumConnections {
            loweredConnectionLimit = LoweredConnectionLimit(descriptors: descriptors, requested: maximumConnections)
            maximumConnections = room
        }
        return descriptors
    }
}
