import ArgumentParser
import Foundation
import InvoiServer
import InvoiSigning

/// `invoi-server`: every flag has an `INVOI_*` environment variable; a flag wins over it.
@main
struct InvoiServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invoi-server",
        abstract: "Render invoices over HTTP: POST /render?format=pdf with the invoice JSON.",
        discussion: """
            Routes: POST /render, GET /health, /ready, /metrics, /openapi.json. Logs are JSON lines \
            on standard error. SIGTERM or SIGHUP drains: readiness goes false, no new connections, \
            in-flight and queued renders finish (up to --drain-timeout), then exit 0 (1 if the drain \
            timed out). Exit 69 when the server cannot start (a port in use, no font, too few descriptors); \
            65 or 66 when --sign-keystore cannot be used.
            """)

    @Option(help: "Address to listen on (INVOI_HOST; default 127.0.0.1, 0.0.0.0 in a container).")
    var host: String?

    @Option(help: "Port (INVOI_PORT; default 8080; 0 takes a free port, named in the 'listening' log line).")
    var port: Int?

    @Option(help: "Render threads (INVOI_WORKERS; default the number of cores).")
    var workers: Int?

    @Option(name: .customLong("max-queue"), help: "Renders that may wait for a worker (INVOI_MAX_QUEUE; default 64).")
    var maximumQueue: Int?

    @Option(name: .customLong("max-body"), help: "Largest request body in bytes (INVOI_MAX_BODY; default 8388608).")
    var maximumBody: Int?

    @Option(
        name: .customLong("max-uploads"),
        help: """
            Render bodies being received at once, apart from the render queue; at the limit a new \
            one cuts off the upload that began first (INVOI_MAX_UPLOADS; default 256).
            """)
    var maximumUploads: Int?

    @Option(
        name: .customLong("max-upload-bytes"),
        help: """
            Bytes held by render bodies still being received; past it the uploads that began first \
            are cut off (INVOI_MAX_UPLOAD_BYTES; default 67108864).
            """)
    var maximumUploadBytes: Int?

    @Option(help: "Seconds a render request may take before a 503 (INVOI_TIMEOUT; default 10).")
    var timeout: Double?

    @Option(
        name: .customLong("drain-timeout"),
        help: "Seconds renders may take to finish after SIGTERM (INVOI_DRAIN_TIMEOUT; default 30).")
    var drainTimeout: Double?

    @Option(
        name: .customLong("max-connections"),
        help: """
            Open connections; at the limit the one idle longest is closed, and 8 more are kept for \
            /health, /ready and /metrics (INVOI_MAX_CONNECTIONS; default 1024, lowered to fit the \
            descriptor limit, with a warning; below 16 the server does not start).
            """)
    var maximumConnections: Int?

    @Option(
        name: .customLong("header-timeout"),
        help: "Seconds a client may take to send a request head (INVOI_HEADER_TIMEOUT; default 10).")
    var headerTimeout: Double?

    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds a kept-alive connection may wait for its next request (INVOI_IDLE_TIMEOUT; default 75).")
    var idleTimeout: Double?

    @Option(
        name: .customLong("logo-dir"),
        help: "Directory that invoices' relative logo paths are read from (INVOI_LOGO_DIR; default: logos refused).")
    var logoDirectory: String?

    @Option(
        name: .customLong("themes"),
        help: """
            Directory of theme files that requests choose with ?theme=NAME (NAME.json), each read and \
            checked at start (INVOI_THEMES; default: no themes).
            """)
    var themeDirectory: String?

    @Option(help: "Font family to use before the built-in fallbacks (INVOI_FONT).")
    var font: String?

    @Option(
        name: .customLong("sign-keystore"),
        help: """
            PKCS#12 keystore that signs the PDFs of requests with sign=true (INVOI_SIGN_KEYSTORE; its \
            password from INVOI_SIGN_PASSWORD; default: signing refused).
            """)
    var signKeystore: String?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var settings = try resolved(environment: environment)
        do {
            try settings.fitConnectionsToDescriptorLimit()
        } catch {
            FileHandle.standardError.write(Data("invoi-server: error: \(error)\n".utf8))
            throw ExitCode(69)
        }
        let signer = try signer(environment: environment)
        let server: InvoiServer
        do {
            server = try InvoiServer(configuration: settings, signer: signer)
        } catch InvoiServer.StartError.themes(let problems, let isDataError) {
            // A theme that cannot be used fails the start: 65 for a bad theme, 66 for a missing one.
            FileHandle.standardError.write(Data(problems.map { "invoi-server: \($0)\n" }.joined().utf8))
            throw ExitCode(isDataError ? 65 : 66)
        } catch {
            FileHandle.standardError.write(Data("invoi-server: error: \(error)\n".utf8))
            throw ExitCode(69)
        }
        let ending: InvoiServer.Ending
        do {
            ending = try await server.run()
        } catch let error as InvoiServer.StartError {
            // EX_UNAVAILABLE, apart from the drain's statuses.
            FileHandle.standardError.write(Data("invoi-server: error: \(error)\n".utf8))
            throw ExitCode(69)
        }
        switch ending {
        case .drained: return
        case .drainTimedOut: throw ExitCode(1)
        }
    }

    /// The signer of --sign-keystore (or INVOI_SIGN_KEYSTORE), its key read and checked once at
    /// start; nil when none is named. A keystore that cannot be used stops the server from
    /// starting (66 unreadable, 65 otherwise).
    func signer(environment: [String: String]) throws -> PDFSigner? {
        guard let path = signKeystore ?? environment["INVOI_SIGN_KEYSTORE"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return nil
        }
        do {
            let identity = try SigningIdentity.keystore(
                at: path, password: environment["INVOI_SIGN_PASSWORD"] ?? "")
            return PDFSigner(identity: identity)
        } catch {
            FileHandle.standardError.write(Data("invoi-server: error: --sign-keystore: \(error)\n".utf8))
            throw ExitCode(error.isUnreadableFile ? 66 : error.isInputProblem ? 65 : 69)
        }
    }

    /// The flags, else the environment, else the defaults; each checked against its range.
    func resolved(environment: [String: String]) throws -> ServerConfiguration {
        var settings = ServerConfiguration()
        func value<T>(_ flag: T?, _ variable: String, _ parse: (String) -> T?) throws -> T? {
            if let flag { return flag }
            guard let text = environment[variable], !text.isEmpty else { return nil }
            guard let parsed = parse(text) else { throw ValidationError("\(variable)=\(text) is not a valid value") }
            return parsed
        }
        func checked<T: Comparable>(_ value: T?, _ name: String, _ range: ClosedRange<T>) throws -> T? {
            guard let value else { return nil }
            guard range.contains(value) else {
                throw ValidationError(
                    "--\(name) must be from \(range.lowerBound) to \(range.upperBound) (got \(value))")
            }
            return value
        }
        settings.host = try value(host, "INVOI_HOST") { $0 } ?? settings.host
        settings.port = try checked(value(port, "INVOI_PORT") { Int($0) }, "port", 0...65535) ?? settings.port
        settings.workers =
            try checked(value(workers, "INVOI_WORKERS") { Int($0) }, "workers", 1...256) ?? settings.workers
        settings.maximumQueue =
            try checked(value(maximumQueue, "INVOI_MAX_QUEUE") { Int($0) }, "max-queue", 0...100_000)
            ?? settings.maximumQueue
        settings.maximumBodySize =
            try checked(value(maximumBody, "INVOI_MAX_BODY") { Int($0) }, "max-body", 1...(1 << 30))
            ?? settings.maximumBodySize
        settings.maximumUploads =
            try checked(value(maximumUploads, "INVOI_MAX_UPLOADS") { Int($0) }, "max-uploads", 1...1_000_000)
            ?? settings.maximumUploads
        settings.maximumUploadBytes =
            try checked(
                value(maximumUploadBytes, "INVOI_MAX_UPLOAD_BYTES") { Int($0) }, "max-upload-bytes", 1...(1 << 40))
            ?? settings.maximumUploadBytes
        if let seconds = try checked(value(timeout, "INVOI_TIMEOUT") { Double($0) }, "timeout", 0.001...3600) {
            settings.timeout = .milliseconds(Int64(seconds * 1000))
        }
        if let seconds = try checked(
            value(drainTimeout, "INVOI_DRAIN_TIMEOUT") { Double($0) }, "drain-timeout", 0...3600)
        {
            settings.drainTimeout = .milliseconds(Int64(seconds * 1000))
        }
        settings.maximumConnections =
            try checked(
                value(maximumConnections, "INVOI_MAX_CONNECTIONS") { Int($0) }, "max-connections", 1...1_000_000)
            ?? settings.maximumConnections
        if let seconds = try checked(
            value(headerTimeout, "INVOI_HEADER_TIMEOUT") { Double($0) }, "header-timeout", 0.1...3600)
        {
            settings.headerTimeout = .milliseconds(Int64(seconds * 1000))
        }
        if let seconds = try checked(
            value(idleTimeout, "INVOI_IDLE_TIMEOUT") { Double($0) }, "idle-timeout", 0.1...3600)
        {
            settings.idleTimeout = .milliseconds(Int64(seconds * 1000))
        }
        settings.logoDirectory = try value(logoDirectory, "INVOI_LOGO_DIR") { $0 }
        settings.themeDirectory = try value(themeDirectory, "INVOI_THEMES") { $0 }
        settings.fontFamily = try value(font, "INVOI_FONT") { $0 }
        return settings
    }
}
