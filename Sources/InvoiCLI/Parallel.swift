import Dispatch
import Synchronization

/// Runs `body` for 0..<count on at most `workers` threads, each taking the next index;
/// returns the results in index order.
func parallelMap<T: Sendable>(count: Int, workers: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let results = Mutex([T?](repeating: nil, count: count))
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { _ in
        while true {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < count else { return }
            let value = body(index)
            results.withLock { $0[index] = value }
        }
    }
    return results.withLock { $0.map { $0! } }
}
