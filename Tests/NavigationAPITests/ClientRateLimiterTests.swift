import Synchronization
import TestSupport
import Testing

@testable import NavigationAPI

/// A monotonic clock the test sets by hand.
final class ManualClock: Sendable {
    private let nanoseconds = Atomic<Int>(0)

    func advance(seconds: Double) {
        nanoseconds.add(Int(seconds * 1e9), ordering: .relaxed)
    }

    var read: @Sendable () -> Int {
        { [self] in nanoseconds.load(ordering: .relaxed) }
    }
}

/// The table of per-client buckets: clients are independent, and however
/// many addresses come, the table stays within its capacity.
@Suite("Client rate limiter", .timeLimit(.minutes(10)), .hangGuard)
struct ClientRateLimiterTests {
    @Test func eachClientHasItsOwnBucket() {
        let clock = ManualClock()
        let limiter = ClientRateLimiter(rate: CreationRate(perSecond: 1, burst: 3), clock: clock.read)
        for _ in 0..<3 { #expect(limiter.take(for: "192.0.2.1") == .admitted) }
        #expect(limiter.take(for: "192.0.2.1") == .refused(retryAfterSeconds: 1))
        for _ in 0..<3 { #expect(limiter.take(for: "192.0.2.2") == .admitted) }
        #expect(limiter.take(for: "192.0.2.2") != .admitted)
        clock.advance(seconds: 1)
        #expect(limiter.take(for: "192.0.2.1") == .admitted)
        #expect(limiter.take(for: "192.0.2.1") != .admitted)
        #expect(limiter.trackedClients == 2)
    }

    /// 100,000 addresses, each taking one token, never grow the table past its capacity.
    @Test func manyAddressesCannotGrowTheTable() {
        let clock = ManualClock()
        let limiter = ClientRateLimiter(rate: CreationRate(perSecond: 1, burst: 2), capacity: 256, shardCount: 8, clock: clock.read)
        #expect(limiter.capacity == 256)
        var largest = 0
        for index in 0..<100_000 {
            #expect(limiter.take(for: "10.\(index >> 16).\((index >> 8) & 255).\(index & 255)") == .admitted)
            if index % 1000 == 0 {
                largest = max(largest, limiter.trackedClients)
                clock.advance(seconds: 0.001)
            }
        }
        largest = max(largest, limiter.trackedClients)
        #expect(largest <= 256)
        #expect(largest >= 200, "the table should fill up to near its capacity, held \(largest)")
    }

    /// When a new client needs room, full buckets go first: they carry no
    /// state. A client that used up its bucket stays limited.
    @Test func fullBucketsAreDroppedBeforeAnyOther() {
        let clock = ManualClock()
        let limiter = ClientRateLimiter(rate: CreationRate(perSecond: 1, burst: 2), capacity: 3, shardCount: 1, clock: clock.read)
        // The greedy client empties its bucket; two others take one token each.
        #expect(limiter.take(for: "greedy") == .admitted)
        #expect(limiter.take(for: "greedy") == .admitted)
        #expect(limiter.take(for: "a") == .admitted)
        #expect(limiter.take(for: "b") == .admitted)
        // A second later "a" and "b" are full again, "greedy" is not.
        clock.advance(seconds: 1)
        #expect(limiter.take(for: "c") == .admitted)
        #expect(limiter.isTracking("greedy"))
        #expect(!limiter.isTracking("a"))
        #expect(!limiter.isTracking("b"))
        #expect(limiter.trackedClients == 2)
        #expect(limiter.take(for: "greedy") == .admitted)
        #expect(limiter.take(for: "greedy") == .refused(retryAfterSeconds: 1))
    }

    /// With no full bucket to drop, the fullest one goes: its client loses
    /// the least, and the emptiest clients stay limited.
    @Test func withNoFullBucketTheFullestIsEvicted() {
        let clock = ManualClock()
        let limiter = ClientRateLimiter(rate: CreationRate(perSecond: 0.01, burst: 3), capacity: 3, shardCount: 1, clock: clock.read)
        for _ in 0..<3 { #expect(limiter.take(for: "empty") == .admitted) }
        for _ in 0..<2 { #expect(limiter.take(for: "one-left") == .admitted) }
        #expect(limiter.take(for: "two-left") == .admitted)
        #expect(limiter.take(for: "newcomer") == .admitted)
        #expect(limiter.trackedClients == 3)
        #expect(!limiter.isTracking("two-left"))
        #expect(limiter.isTracking("one-left"))
        #expect(limiter.take(for: "empty") == .refused(retryAfterSeconds: 100))
    }

    @Test func aNewClientIsAlwaysAdmitted() {
        let clock = ManualClock()
        let limiter = ClientRateLimiter(rate: CreationRate(perSecond: 0.001, burst: 1), capacity: 4, shardCount: 2, clock: clock.read)
        for index in 0..<50 {
            #expect(limiter.take(for: "client-\(index)") == .admitted)
            #expect(limiter.take(for: "client-\(index)") == .refused(retryAfterSeconds: 1000))
        }
        #expect(limiter.trackedClients <= 4)
    }
}
