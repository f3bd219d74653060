import Dispatch
import Testing

@testable import InvoiServer

/// Queue places held while bodies are read, and a pool stopped by a drain out of time.
@Suite(.timeLimit(.minutes(1)))
struct RenderPoolTests {
    @Test func placesHeldForBodiesCountAgainstTheQueue() async throws {
        let pool = RenderPool(workers: 1, queueCapacity: 1)
        let first = try #require(pool.reserve())
        let second = try #require(pool.reserve())
        #expect(pool.reserve() == nil)
        #expect(!pool.hasRoom)
        #expect(first.release())
        #expect(!first.release(), "a place is given back once")
        // A job in a held place runs even though the pool has no other room.
        let third = try #require(pool.reserve())
        #expect(pool.reserve() == nil)
        let value = try await pool.run(timeout: .seconds(10), in: second) { _ in 42 }
        #expect(value == 42)
        #expect(!second.release(), "running the job used the place")
        third.release()
        #expect(pool.hasRoom)
    }

    @Test func aPlaceIsGivenBackWhenItsRequestEnds() throws {
        let pool = RenderPool(workers: 1, queueCapacity: 0)
        do {
            let slot = try #require(pool.reserve())
            #expect(pool.reserve() == nil)
            withExtendedLifetime(slot) {}
        }
        #expect(pool.reserve() != nil)
    }

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
        #expect(pool.reserve() == nil)
        await #expect(throws: RenderPool.Refusal.stopped) { try await pool.run(timeout: .seconds(1)) { _ in 0 } }
    }
}
