import InvoiAssets
import InvoiModel
import InvoiRender
import InvoiSigning

#if canImport(Glibc)
    import Glibc
#endif

/// sysexits(3) codes: 64 usage, 65 data, 66 input, 70 internal, 73 output (README, Exit status).
enum ExitStatus: Int32, Sendable, Comparable {
    case ok = 0
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case software = 70
    case cannotCreate = 73
    /// A render stopped by SIGINT or SIGTERM (`Interruption`); the process exits 128 + the signal.
    case interrupted = 130

    static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool {
        // The most telling problem wins when several invoices fail differently.
        lhs.rank < rhs.rank
    }

    /// The process's exit status: an interruption exits 128 + the signal's number, as a
    /// shell reports a process the signal ended (130 for SIGINT, 143 for SIGTERM).
    var processStatus: Int32 {
        self == .interrupted ? 128 + (Interruption.receivedSignal ?? SIGINT) : rawValue
    }

    private var rank: Int {
        switch self {
        case .ok: 0
        case .dataError: 1
        case .noInput: 2
        case .cannotCreate: 3
        case .usage: 4
        case .unavailable: 5
        case .software: 6
        case .interrupted: 7
        }
    }
}

/// A failure with its exit status and a message for standard error.
struct CLIFailure: Error, Sendable {
    var status: ExitStatus
    var message: String
    /// Printed in place of `message` when there are any: each names its file and JSON path.
    var diagnostics: [Diagnostic] = []

    init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }
}

extension CLIFailure {
    /// A theme file that cannot be used: 66 when it cannot be read (named with the invoice
    /// that names it, if one does), 65 with the file's diagnostics when it is no valid theme.
    init(_ error: ThemeFileError, invoice: String?) {
        switch error {
        case .unreadable(let path, let reason):
            let by = invoice.map { "\(Diagnostic.printable($0)): theme: " } ?? "--theme: "
            self.init(.noInput, by + "\(Diagnostic.printable(path)): \(reason)")
        case .invalid(let invalid):
            self.init(.dataError, invalid.description)
            diagnostics = invalid.diagnostics
        }
    }
}

extension CLIFailure {
    /// A theme whose render a reader could not read, or whose fonts are missing (65), each
    /// problem on its own line by the theme's key: `bills/acme.json: theme: colors.muted: …`.
    init(_ error: ThemeProblems, invoice: String) {
        self.init(
            .dataError,
            error.problems.map { "\(invoice): theme: \($0.path): \($0.message)" }.joined(separator: "\n"))
    }
}

extension CLIFailure {
    /// A logo that cannot be used, named with the invoice and its JSON path:
    /// `bills/acme.json: logo: /bills/logo.png: cannot be read (No such file or directory)`.
    init(_ error: LogoError, invoice: String) {
        let status: ExitStatus =
            switch error {
            case .unreadable: .noInput
            case .undecodable: .dataError
            }
        self.init(status, "\(invoice): logo: \(error.description(showing: Diagnostic.shortPath(error.path)))")
    }
}

extension CLIFailure {
    /// A key, certificate or PDF that cannot be signed with: 66 for a file that cannot be
    /// read, 65 for a bad keystore, password or certificate, 69 without libcrypto, 70 when
    /// invoi's own PDF or OpenSSL fails.
    init(_ error: SigningError, invoice: String? = nil) {
        let status: ExitStatus =
            if error.isUnreadableFile {
                .noInput
            } else if error.isInputProblem {
                .dataError
            } else if case .libraryUnavailable = error {
                .unavailable
            } else {
                .software
            }
        self.init(status, (invoice.map { "\($0): " } ?? "") + error.description)
    }
}
