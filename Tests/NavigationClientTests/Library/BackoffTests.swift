import TestSupport
import Testing

@testable import NavigationClient

@Suite("Reconnection backoff", .timeLimit(.minutes(10)), .hangGuard)
struct BackoffTests {
    @Test func delaysDoubleUpToTheMaximumEachFromTheUpperHalf() {
        var backoff = Backoff(initial: 0.5, maximum: 4)
        var generator = SystemRandomNumberGenerator()
        let ceilings = [0.5, 1, 2, 4, 4, 4]
        for ceiling in ceilings {
            #expect(backoff.nextCeiling == ceiling)
            let delay = backoff.next(using: &generator)
            #expect(delay >= ceiling / 2 && delay <= ceiling, "\(delay) outside \(ceiling / 2)...\(ceiling)")
        }
    }

    @Test func resetStartsAgainFromTheInitialDelay() {
        var backoff = Backoff(initial: 1, maximum: 30)
        for _ in 0..<5 { _ = backoff.next() }
        backoff.reset()
        #expect(backoff.nextCeiling == 1)
    }

    @Test func manyAttemptsNeitherOverflowNorPassTheMaximum() {
        var backoff = Backoff(initial: 0.5, maximum: 30)
        for _ in 0..<200 { #expect(backoff.next() <= 30) }
    }

    @Test func zeroAndNegativeDelaysAreZero() {
        var backoff = Backoff(initial: -1, maximum: 0)
        #expect(backoff.next() == 0)
    }
}
