import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C (SIGINT) or SIGTERM during a render. The signal handler only takes note; the
/// workers take no new invoice, a render stops at its next write and removes its temporary
/// files, finished outputs stay, and the batch prints its summary and exits 128 + the
/// signal's number (130, 143), as a shell reports a process the signal ended. A second
/// signal ends the process at once.
enum Interruption {
    private static let received = Atomic<Int32>(0)

    /// Handles SIGINT and SIGTERM from now on (a signal the caller ignores stays ignored,
    /// as for a job started in the background by a shell).
    static func install() {
        _ = received.load(ordering: .relaxed)  // initialised before a handler can touch it
        for signalNumber in [SIGINT, SIGTERM] {
            var current = sigaction()
            // SIG_IGN is the handler value 1.
            guard sigaction(signalNumber, nil, &current) == 0,
                withUnsafeBytes(of: current.__sigaction_handler, { $0.load(as: Int.self) }) != 1
            else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if Interruption.received.exchange(number, ordering: .relaxed) != 0 {
                    signal(number, SIG_DFL)
                    raise(number)
                }
            }
            sigemptyset(&action.sa_mask)
            // No SA_RESTART: a read from a quiet pipe (JSON Lines on standard input) returns EINTR
            // and ends its input, instead of waiting on for lines that may never come.
            sigaction(signalNumber, &action, nil)
        }
    }

    /// The signal received, if any.
    static var receivedSignal: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    static var isRequested: Bool { received.load(ordering: .relaxed) != 0 }

    /// What a render that stops for the signal throws.
    static var failure: CLIFailure {
        CLIFailure(.interrupted, "interrupted")
    }
}
