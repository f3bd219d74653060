import Dispatch
import Testing

@testable import InvoiServer

/// A pool stopped by a drain out of time.
@Suite(.timeLimit(.minutes(1)))
struct RenderPoolTests {
    @Test func stoppingRefusesTheQueuedAndAbandonsTheRunning() async throws {
        let pool = RenderPool(workers: 1, queueCapacity: 2)
        let release = DispatchSemaphore(value: 0)
        let running = Task {
            try await pool.run(timeout: .seconds(30)) { isAbandoned in
                release.wait()
                return isAbandoned()
            }
        }
        while pool.load.running < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let queued = Task { try await pool.run(timeout: .seconds(30)) { _ in false } }
        while pool.load.queued < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let counts = pool.stop()
        #expect(counts.queued == 1 && counts.running == 1)
        await #expect(throws: RenderPool.Refusal.stopped) { try await queued.value }
        release.signal()
        #expect(try await running.value == true, "the running job is told it is abandoned")
        await #expect(throws: RenderPool.Refusal.stopped) { try await pool.run(timeout: .seconds(1)) { _ in 0 } }
    }
}
