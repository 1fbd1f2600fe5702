/// One client's token bucket, kept as the instant it will be full again (the
/// "theoretical arrival time" of GCRA) rather than as a token count and a
/// last-refill time: one integer, refilled by arithmetic instead of a timer,
/// exact to the nanosecond, and "full" is one comparison with the clock.
///
/// With `interval` the nanoseconds one token takes to come back, the bucket
/// holds `burst - (fullAt - now) / interval` tokens at `now`.
struct TokenBucket: Equatable {
    /// What a request for a token gets.
    enum Outcome: Equatable, Sendable {
        case admitted
        /// No token is left; one is back after this many whole seconds (at least 1).
        case refused(retryAfterSeconds: Int)
    }

    /// Monotonic nanoseconds at which every token is back; at or before
    /// `now` the bucket is full.
    private(set) var fullAt: Int

    /// A full bucket at `now`.
    init(fullAt now: Int) {
        fullAt = now
    }

    /// Takes one token at `now`, or leaves the bucket as it is and says when
    /// the next token is back.
    mutating func take(at now: Int, rate: CreationRate) -> Outcome {
        let interval = rate.tokenInterval
        // Where `fullAt` would be with one more token taken.
        let fullAfterTaking = max(fullAt, now) + interval
        let shortfall = fullAfterTaking - now - interval * rate.burst
        guard shortfall > 0 else {
            fullAt = fullAfterTaking
            return .admitted
        }
        return .refused(retryAfterSeconds: max(1, (shortfall + 999_999_999) / 1_000_000_000))
    }

    /// The whole tokens left at `now`.
    func tokens(at now: Int, rate: CreationRate) -> Int {
        rate.burst - (max(0, fullAt - now) + rate.tokenInterval - 1) / rate.tokenInterval
    }

    func isFull(at now: Int) -> Bool {
        fullAt <= now
    }
}
