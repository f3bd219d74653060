import Synchronization

/// What a client received of its answer.
enum Delivery: String, Sendable, Hashable {
    /// The whole answer was handed to the kernel to send.
    case complete
    /// The head and part of the body, then the connection was closed (a drain out of time,
    /// a client that stopped reading or went away).
    case incomplete
    /// Nothing: the connection closed before the answer was written.
    case unanswered
}

/// One request's access-log line and count, finished when its answer has been written in
/// full or its connection ended first, so that both say what the client received rather
/// than what the responder meant to send.
final class AccessRecord: Sendable {
    private let finish: Mutex<(@Sendable (Delivery, Int) -> Void)?>

    /// `finish` is called once, with what was delivered and the body bytes written.
    init(_ finish: @escaping @Sendable (_ delivery: Delivery, _ bodyBytes: Int) -> Void) {
        self.finish = Mutex(finish)
    }

    func finish(_ delivery: Delivery, bodyBytes: Int) {
        let finish = self.finish.withLock { finish in
            defer { finish = nil }
            return finish
        }
        finish?(delivery, bodyBytes)
    }
}
