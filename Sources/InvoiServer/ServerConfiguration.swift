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
    /// On SIGTERM, how long in-flight and queued renders may take to finish.
    public var drainTimeout: Duration = .seconds(30)
    /// Where invoices' relative logo paths are read from; nil refuses logos.
    public var logoDirectory: String?
    /// A font family to use before the built-in fallbacks (invoi's `--font`).
    public var fontFamily: String?

    /// Where the JSON-line log goes: standard error (tests silence it).
    public var logDescriptor: Int32 = 2

    public init() {}
}
