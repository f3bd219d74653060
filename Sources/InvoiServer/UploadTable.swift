import NIOCore
import Synchronization

/// The render bodies being received, bounded on their own: by count, by the bytes they hold
/// together, and in time by the server's `--timeout`. A body takes no render place while it
/// arrives (it takes one, or is refused 429, once it is complete), so slow uploads cannot
/// crowd out complete requests. At either bound a new body or chunk makes room by cutting
/// off the uploads that have been arriving longest (each answered 503 with Retry-After), so
/// a request that arrives whole always gets in, however many clients trickle.
final class UploadTable: Sendable {
    /// Thrown into a body cut off to make room for newer ones.
    struct Evicted: Error {}

    let maximumCount: Int
    let maximumBytes: Int

    private struct Entry {
        let channel: any Channel
        let start: ContinuousClock.Instant
        var bytes = 0
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var bytes = 0
        var nextID = 0
    }

    private let state = Mutex(State())

    init(maximumCount: Int, maximumBytes: Int) {
        self.maximumCount = max(1, maximumCount)
        self.maximumBytes = max(1, maximumBytes)
    }

    /// Bodies being received now, and the bytes they hold.
    var load: (count: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.bytes) } }

    /// One body being received; ended by `end()` or when it is freed.
    final class Upload: Sendable {
        fileprivate let id: Int
        private let table: UploadTable

        fileprivate init(id: Int, table: UploadTable) {
            self.id = id
            self.table = table
        }

        /// `count` more bytes have arrived.
        func receive(_ count: Int) { table.receive(count, id: id) }

        /// The body is complete, or abandoned.
        func end() { table.end(id: id) }

        deinit { end() }
    }

    /// Registers a body about to be read on `channel`, cutting off the oldest upload if the
    /// count is at its bound.
    func begin(on channel: any Channel) -> Upload {
        let (id, evicted): (Int, [any Channel]) = state.withLock { state in
            let evicted = Self.evict(from: &state, keeping: nil, until: { $0.entries.count < maximumCount })
            let id = state.nextID
            state.nextID += 1
            state.entries[id] = Entry(channel: channel, start: .now)
            return (id, evicted)
        }
        Self.cut(evicted)
        return Upload(id: id, table: self)
    }

    private func receive(_ count: Int, id: Int) {
        let evicted: [any Channel] = state.withLock { state in
            guard state.entries[id] != nil else { return [] }
            state.entries[id]?.bytes += count
            state.bytes += count
            return Self.evict(from: &state, keeping: id, until: { $0.bytes <= maximumBytes })
        }
        Self.cut(evicted)
    }

    private func end(id: Int) {
        state.withLock { state in
            if let entry = state.entries.removeValue(forKey: id) { state.bytes -= entry.bytes }
        }
    }

    /// Takes out the uploads that began first (never `keeping`) until `isSatisfied`.
    private static func evict(
        from state: inout State, keeping: Int?, until isSatisfied: (State) -> Bool
    ) -> [any Channel] {
        var evicted: [any Channel] = []
        while !isSatisfied(state) {
            let oldest = state.entries.filter { $0.key != keeping }.min { $0.value.start < $1.value.start }
            guard let oldest, let entry = state.entries.removeValue(forKey: oldest.key) else { break }
            state.bytes -= entry.bytes
            evicted.append(entry.channel)
        }
        return evicted
    }

    /// Ends the bodies of `channels` with `Evicted`; their responders answer 503.
    private static func cut(_ channels: [any Channel]) {
        for channel in channels { channel.pipeline.fireErrorCaught(Evicted()) }
    }
}
