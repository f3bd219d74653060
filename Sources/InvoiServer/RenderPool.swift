import Dispatch
import Foundation
import Synchronization

/// A fixed set of worker threads that run renders, and a bounded queue in front of them.
/// Renders are long, CPU-bound and synchronous (Cairo, HarfBuzz): on the
/// event loop they would stall every connection, and on Swift's cooperative pool they
/// would starve the tasks that answer `/health`. Each worker is a `Thread` of its own.
///
/// A request that times out is answered at once. A job still waiting in the queue then is
/// taken out and never starts; a running one is told through `isAbandoned`, which the work
/// checks wherever it can stop (the render: at each file and each write), so that it gives
/// its worker back soon instead of rendering for nobody.
public final class RenderPool: Sendable {
    /// Why a job was not run to the end for its caller.
    public enum Refusal: Error, Sendable, Hashable {
        /// Every worker is busy and the queue is full.
        case queueFull
        /// The time allowed passed before the job finished.
        case timedOut
        /// The pool was stopped (a drain that ran out of time) before the job finished.
        case stopped
    }

    /// What the pool is doing, for /metrics.
    public struct Load: Sendable, Hashable {
        public var queued: Int
        public var running: Int
        public var workers: Int
        public var queueCapacity: Int
    }

    public let workerCount: Int
    public let queueCapacity: Int
    private let state: Mutex<State>
    /// Counts jobs put in the queue; a worker waits on it for the next one.
    private let available = DispatchSemaphore(value: 0)

    /// Set by `stop()`: running work is told it is abandoned, and nothing more is accepted.
    private let isStopped = Atomic(false)

    private struct State: ~Copyable {
        var queue: [Job] = []
        var running = 0

        func isFull(workers: Int, capacity: Int) -> Bool {
            queue.count + running >= workers + capacity
        }
    }

    /// `workers` threads and room for `queueCapacity` jobs waiting beyond those running.
    public init(workers: Int, queueCapacity: Int) {
        workerCount = max(1, workers)
        self.queueCapacity = max(0, queueCapacity)
        state = Mutex(State())
        for index in 0..<workerCount {
            let thread = Thread { [self] in workLoop() }
            thread.name = "invoi-render-\(index + 1)"
            // Enough for deep layouts; the default of a secondary thread is 512 KiB.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    public var load: Load {
        state.withLock {
            Load(queued: $0.queue.count, running: $0.running, workers: workerCount, queueCapacity: queueCapacity)
        }
    }

    /// Whether a job would find room now: the queue is not full.
    public var hasRoom: Bool {
        state.withLock { !$0.isFull(workers: workerCount, capacity: queueCapacity) }
    }

    /// Stops the pool for good (a drain out of time): queued jobs are refused with `stopped`
    /// and never run, running ones are told they are abandoned (a render stops at its next
    /// page or write), and nothing more is accepted. Returns how many jobs were queued and running.
    @discardableResult
    public func stop() -> (queued: Int, running: Int) {
        isStopped.store(true, ordering: .sequentiallyConsistent)
        let (dropped, running) = state.withLock { state in
            defer { state.queue.removeAll() }
            return (state.queue, state.running)
        }
        for job in dropped { job.answer(.stopped) }
        return (dropped.count, running)
    }

    /// Runs `work` on a worker and returns its result, or throws `Refusal.queueFull` at once
    /// when there is no room, or `Refusal.timedOut` when `timeout` passes first (counted
    /// from now, so time spent waiting in the queue counts). `work` is given a function that turns true once its caller has been
    /// answered without it (or the pool is stopped).
    public func run<Value: Sendable>(
        timeout: Duration,
        _ work: @escaping @Sendable (_ isAbandoned: @escaping @Sendable () -> Bool) -> Value
    ) async throws(Refusal) -> Value {
        let outcome: Result<Value, Refusal> = await withCheckedContinuation { continuation in
            let job = Job(
                work: { job in
                    let value = work { [self] in job.isAnswered || isStopped.load(ordering: .relaxed) }
                    return { if job.claim() { continuation.resume(returning: .success(value)) } }
                },
                refuse: { continuation.resume(returning: .failure($0)) })
            let refusal: Refusal? = state.withLock { state in
                if isStopped.load(ordering: .relaxed) { return .stopped }
                guard !state.isFull(workers: workerCount, capacity: queueCapacity) else {
                    return .queueFull
                }
                state.queue.append(job)
                return nil
            }
            if let refusal {
                job.answer(refusal)
                return
            }
            available.signal()
            let (seconds, attoseconds) = timeout.components
            let nanoseconds = Int(min(seconds, 1 << 30)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
                expire(job)
            }
        }
        return try outcome.get()
    }

    /// The job's time is up: a queued job leaves the queue; a running one is told it is abandoned.
    private func expire(_ job: Job) {
        state.withLock { state in
            state.queue.removeAll { $0 === job }
        }
        job.answer(.timedOut)
    }

    private func workLoop() {
        while true {
            available.wait()
            let next: Job? = state.withLock { state in
                guard !state.queue.isEmpty else { return nil }  // taken out when it expired
                state.running += 1
                return state.queue.removeFirst()
            }
            guard let next else { continue }
            let deliver = next.start()
            // Counted out before the caller hears: a drained server then shows no render running.
            state.withLock { $0.running -= 1 }
            deliver?()
        }
    }
}

/// One render's work and the one answer its caller gets: the result, or a refusal,
/// whichever comes first.
private final class Job: Sendable {
    typealias Work = @Sendable (Job) -> @Sendable () -> Void
    /// Renders, and returns what hands the result to the caller. Taken out when it starts or
    /// is refused, so that the timer, which keeps the job until the timeout, does not keep
    /// the request's body.
    private let work: Mutex<Work?>
    private let refuse: @Sendable (RenderPool.Refusal) -> Void
    private let answered = Mutex(false)

    init(work: @escaping Work, refuse: @escaping @Sendable (RenderPool.Refusal) -> Void) {
        self.work = Mutex(work)
        self.refuse = refuse
    }

    /// True once only: to the first of the result and a refusal.
    func claim() -> Bool {
        answered.withLock { answered in
            defer { answered = true }
            return !answered
        }
    }

    /// Runs the work unless the caller has been answered already (a timed-out job that a
    /// worker took just before it was taken out).
    func start() -> (@Sendable () -> Void)? {
        let work = self.work.withLock { work in
            defer { work = nil }
            return work
        }
        guard let work, !answered.withLock({ $0 }) else { return nil }
        return work(self)
    }

    var isAnswered: Bool { answered.withLock { $0 } }

    func answer(_ refusal: RenderPool.Refusal) {
        guard claim() else { return }
        work.withLock { $0 = nil }
        refuse(refusal)
    }
}
