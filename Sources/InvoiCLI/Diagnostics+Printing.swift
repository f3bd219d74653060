import ArgumentParser
import Foundation
import InvoiModel

/// A failure of a command, with the message to show and the exit status it means.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong and what to do next, without the `invoi: error: ` prefix.
    public let message: String
    public let exitCode: ExitCode

    public init(_ message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    /// `invoi: error: …`
    public var description: String { "invoi: error: " + message }
}

/// Writes to standard error. Each call is one `write`, so lines from parallel jobs do not interleave.
public enum StandardError {
    public static func writeLine(_ line: String) {
        try? FileHandle.standardError.write(contentsOf: Data((line + "\n").utf8))
    }

    public static func write(_ failure: CommandFailure) {
        writeLine(failure.description)
    }

    /// Each diagnostic on its own line (`invoi: error: file: path: message`).
    public static func write(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        try? FileHandle.standardError.write(contentsOf: Data(diagnostics.map { $0.description + "\n" }.joined().utf8))
    }
}

/// Writes to standard output in one `write` per call.
public enum StandardOutput {
    public static func writeLine(_ line: String) {
        write(Data((line + "\n").utf8))
    }

    public static func write(_ data: Data) {
        try? FileHandle.standardOutput.write(contentsOf: data)
    }
}

extension InvoiCommand {
    /// Usage errors reported by ArgumentParser start like every other invoi message.
    public static var _errorPrefix: String { "invoi: error: " }
}
