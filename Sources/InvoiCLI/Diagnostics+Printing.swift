import ArgumentParser
import InvoiModel

extension InvoiCommand {
    /// Usage errors reported by ArgumentParser start like every other invoi message
    /// (`invoi: error: Unknown option '--frob'`); their exit status stays 64.
    public static var _errorPrefix: String { "invoi: error: " }
}

extension MessageLog {
    /// Each diagnostic on its own line (`invoi: error: file: path: message`).
    func write(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        emit(diagnostics.map { $0.description + "\n" }.joined())
    }

    /// `invoi: error: …` for a failure, with any control character in it (from a file
    /// name) escaped so that it cannot act on the terminal.
    func write(_ failure: CLIFailure) {
        if failure.diagnostics.isEmpty { error(failure.message) } else { write(failure.diagnostics) }
    }
}

extension CLIFailure {
    /// Runs a command's work: a `CLIFailure` it throws is printed as `invoi: error: …`
    /// and becomes the process's exit status (ArgumentParser would exit 1 for it).
    static func reporting(_ work: () throws -> Void) throws {
        do {
            try work()
        } catch let failure as CLIFailure {
            MessageLog(isTerminal: false).write(failure)
            throw ExitCode(failure.status.rawValue)
        }
    }
}
