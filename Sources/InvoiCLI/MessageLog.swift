import Foundation
import InvoiModel
import Synchronization

/// Standard error, shared by parallel renders: one message at a time, and never
/// in the middle of the progress bar's line.
final class MessageLog: Sendable {
    private let state = Mutex(State())
    let isTerminal: Bool

    private struct State {
        var progressShown = false
    }

    init(isTerminal: Bool) {
        self.isTerminal = isTerminal
    }

    // Messages quote file names and other input: their control characters are escaped,
    // so that nothing from an input acts on the terminal.
    func error(_ message: String) { write("invoi: error: \(Diagnostic.printable(message))\n") }
    func warning(_ message: String) { write("invoi: warning: \(Diagnostic.printable(message))\n") }
    func info(_ message: String) { write("invoi: \(Diagnostic.printable(message))\n") }

    func emit(_ text: String) { write(text) }

    private func write(_ text: String) {
        state.withLock { state in
            var output = text
            if state.progressShown {
                output = "\r\u{1B}[2K" + output
                state.progressShown = false
            }
            FileHandle.standardError.write(Data(output.utf8))
        }
    }

    /// Replaces the progress line (terminal only).
    func progress(_ line: String) {
        guard isTerminal else { return }
        state.withLock { state in
            FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
            state.progressShown = true
        }
    }

    func clearProgress() {
        state.withLock { state in
            if state.progressShown {
                FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
                state.progressShown = false
            }
        }
    }
}

extension MessageLog {
    /// A line already formatted as `invoi: error: …` (the model's diagnostics).
    func raw(_ line: String) { emit(line + "\n") }
}
