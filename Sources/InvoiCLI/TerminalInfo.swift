import Foundation
import InvoiDocument

#if canImport(Glibc)
    import Glibc
#endif

/// Facts about where output goes, read once per command.
struct TerminalInfo {
    var stdoutIsTerminal: Bool
    var stderrIsTerminal: Bool
    /// Columns of the terminal on stdout, when it is one.
    var columns: Int?
    var environment: [String: String]

    static func current() -> TerminalInfo {
        var size = winsize()
        let columns = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        return TerminalInfo(
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            columns: columns, environment: ProcessInfo.processInfo.environment)
    }

    /// `--color auto`: only on a terminal, with `NO_COLOR` unset or empty and `TERM` not `dumb`.
    func usesColor(_ mode: ColorMode) -> Bool {
        switch mode {
        case .always: true
        case .never: false
        case .auto:
            stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}
