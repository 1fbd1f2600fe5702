import TestSupport
import Testing

@testable import NavigationAPI

/// The creation rate's token bucket against a clock the test moves by hand:
/// no sleeping, exact to the nanosecond.
@Suite("Token bucket", .timeLimit(.minutes(10)), .hangGuard)
struct TokenBucketTests {
    static let second = 1_000_000_000
    /// 2 tokens a second (one every 0.5 s), 5 at once.
    static let rate = CreationRate(perSecond: 2, burst: 5)

    /// Takes tokens at `now` until one is refused; returns how many were admitted and the refusal.
    private static func drain(
        _ bucket: inout TokenBucket, at now: Int, rate: CreationRate = rate
    ) -> (admitted: Int, refusal: TokenBucket.Outcome) {
        var admitted = 0
        while true {
            let outcome = bucket.take(at: now, rate: rate)
            guard outcome == .admitted else { return (admitted, outcome) }
            admitted += 1
        }
    }

    @Test func aNewBucketAdmitsExactlyTheBurstAtOnce() {
        var bucket = TokenBucket(fullAt: 7 * Self.second)
        #expect(bucket.isFull(at: 7 * Self.second))
        #expect(bucket.tokens(at: 7 * Self.second, rate: Self.rate) == 5)
        let (admitted, refusal) = Self.drain(&bucket, at: 7 * Self.second)
        #expect(admitted == 5)
        #expect(refusal == .refused(retryAfterSeconds: 1))
        #expect(bucket.tokens(at: 7 * Self.second, rate: Self.rate) == 0)
        #expect(!bucket.isFull(at: 7 * Self.second))
    }

    @Test func aRefusalTakesNothing() {
        var bucket = TokenBucket(fullAt: 0)
        _ = Self.drain(&bucket, at: 0)
        let emptied = bucket
        for _ in 0..<100 { _ = bucket.take(at: Self.second / 4, rate: Self.rate) }
        #expect(bucket == emptied)
        // Half a second after emptying, one token is back, not less for the refusals.
        #expect(bucket.take(at: Self.second / 2, rate: Self.rate) == .admitted)
    }

    @Test func tokensComeBackAtTheRateAndNeverPastTheBurst() {
        var bucket = TokenBucket(fullAt: 0)
        _ = Self.drain(&bucket, at: 0)
        // One token every 0.5 s: just before, none; at it, one.
        #expect(bucket.take(at: Self.second / 2 - 1, rate: Self.rate) != .admitted)
        #expect(bucket.tokens(at: Self.second / 2, rate: Self.rate) == 1)
        #expect(Self.drain(&bucket, at: Self.second / 2).admitted == 1)
        // 1.5 s later, three more.
        #expect(Self.drain(&bucket, at: 2 * Self.second).admitted == 3)
        // Full after burst / rate = 2.5 s; an hour idle still gives only the burst.
        #expect(bucket.isFull(at: 2 * Self.second + 5 * Self.second / 2))
        #expect(Self.drain(&bucket, at: 3600 * Self.second).admitted == 5)
    }

    /// A steady client at the rate is never refused; one just above it is.
    @Test func aClientAtTheRateKeepsGoing() {
        var bucket = TokenBucket(fullAt: 0)
        _ = Self.drain(&bucket, at: 0)
        for step in 1...1000 {
            #expect(bucket.take(at: step * Self.second / 2, rate: Self.rate) == .admitted, "step \(step)")
            #expect(bucket.take(at: step * Self.second / 2, rate: Self.rate) != .admitted, "step \(step)")
        }
    }

    @Test(arguments: [
        // (per second, burst, seconds after emptying, expected Retry-After)
        (0.01, 5, 0.0, 100),  // one token per 100 s
        (0.01, 5, 99.5, 1),  // half a second left: rounds up to 1
        (0.01, 5, 40.0, 60),
        (0.3, 1, 0.0, 4),  // 3.33 s rounds up
        (0.3, 1, 3.0, 1),
        (10.0, 100, 0.0, 1),  // 0.1 s is still at least 1
        (1.0, 3, 0.0, 1),
    ])
    func retryAfterIsTheWholeSecondsUntilTheNextToken(perSecond: Double, burst: Int, after: Double, expected: Int) {
        let rate = CreationRate(perSecond: perSecond, burst: burst)
        var bucket = TokenBucket(fullAt: 0)
        #expect(Self.drain(&bucket, at: 0, rate: rate).admitted == burst)
        let now = Int(after * Double(Self.second))
        #expect(bucket.take(at: now, rate: rate) == .refused(retryAfterSeconds: expected))
        // And at the announced time a token is indeed back.
        #expect(bucket.take(at: now + expected * Self.second, rate: rate) == .admitted)
    }

    @Test func ratesAndBurstsAreClampedToWhatTheServerAccepts() {
        #expect(CreationRate(perSecond: 0, burst: 0) == CreationRate(perSecond: 0.001, burst: 1))
        #expect(CreationRate(perSecond: .nan, burst: -5).perSecond == 0.001)
        #expect(CreationRate(perSecond: .infinity, burst: .max) == CreationRate(perSecond: 1_000_000, burst: 1_000_000))
        // The slowest rate with the largest burst still fits an Int of nanoseconds.
        let slowest = CreationRate(perSecond: 0.001, burst: 1_000_000)
        var bucket = TokenBucket(fullAt: 0)
        #expect(bucket.take(at: 0, rate: slowest) == .admitted)
        #expect(bucket.tokens(at: 0, rate: slowest) == 999_999)
    }

    @Test func theDefaultIsFiveASecondWithABurstOfAHundred() {
        #expect(CreationRate.default == CreationRate(perSecond: 5, burst: 100))
        #expect(NavigationAPI.Options().creationRate == .default)
        #expect(!NavigationAPI.Options().trustForwardedFor)
    }
}
