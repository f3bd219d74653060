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
    /// `NO_COLOR` and `TERM`, all of the environment `usesColor` reads: each read with getenv,
    /// as building Foundation's dictionary of the whole environment cost more than the terminal's
    /// other facts together (~0.5 M instructions).
    var noColor: String?
    var term: String?

    static func current() -> TerminalInfo {
        var size = winsize()
        let columns = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        return TerminalInfo(
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            columns: columns, noColor: getenv("NO_COLOR").map { String(cString: $0) },
            term: getenv("TERM").map { String(cString: $0) })
    }

    /// `--color auto`: only on a terminal, with `NO_COLOR` unset or empty and `TERM` not `dumb`.
    func usesColor(_ mode: ColorMode) -> Bool {
        switch mode {
        case .always: true
        case .never: false
        case .auto:
            stdoutIsTerminal && (noColor ?? "").isEmpty && term != "dumb"
        }
    }
}
