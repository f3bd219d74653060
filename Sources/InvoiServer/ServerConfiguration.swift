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
    /// From a render request's arrival to its answer; a request still waiting or rendering
    /// then is answered 503.
    public var timeout: Duration = .seconds(10)
    /// On SIGTERM or SIGHUP, how long in-flight and queued renders may take to finish.
    public var drainTimeout: Duration = .seconds(30)
    /// Open connections; at the limit, a new one closes the connection idle the longest (or
    /// is closed itself when every connection has a request in progress).
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
    /// A font family to use before the built-in fallbacks (invoi's `--font`).
    public var fontFamily: String?

    /// Where the JSON-line log goes: standard error (tests silence it).
    public var logDescriptor: Int32 = 2

    public init() {}
}

extension ServerConfiguration {
    /// Descriptors kept for what is not a connection: the listening socket, fonts, logos,
    /// /proc reads, the log.
    static let reservedDescriptors = 64

    /// Raises the process's soft limit on open descriptors to its hard limit, and lowers
    /// `maximumConnections` to fit under it, so that the server closes idle connections
    /// before `accept` ever fails for want of a descriptor. Returns the limit.
    @discardableResult
    public mutating func fitConnectionsToDescriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int.max }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let descriptors = Int(clamping: limit.rlim_cur)
        maximumConnections = max(1, min(maximumConnections, descriptors - Self.reservedDescriptors))
        return descriptors
    }
}
