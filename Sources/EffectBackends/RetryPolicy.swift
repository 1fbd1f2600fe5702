/// How long to wait before trying a call again: exponential backoff with
/// jitter, so the calls a failing backend refused do not come back at once.
public struct RetryPolicy: Sendable, Equatable {
    /// The wait after the first failed attempt, at most (seconds).
    public var initialDelay: Double
    /// No wait is longer than this, however many attempts failed (seconds).
    public var maxDelay: Double

    /// By default 0.1 s, doubling up to 2 s.
    public init(initialDelay: Double = 0.1, maxDelay: Double = 2) {
        self.initialDelay = max(0, initialDelay)
        self.maxDelay = max(self.initialDelay, maxDelay)
    }

    /// The wait after `attempts` (1 or more) failed attempts: the backoff
    /// `initialDelay × 2^(attempts-1)`, capped at `maxDelay`, scaled into
    /// its upper half by `jitter` (0 ..< 1, a random number in use).
    func delay(afterAttempts attempts: Int, jitter: Double) -> Double {
        let doublings = Double(min(max(attempts - 1, 0), 62))
        let backoff = min(maxDelay, initialDelay * Double.pow2(doublings))
        return backoff * (0.5 + 0.5 * min(max(jitter, 0), 1))
    }
}

extension Double {
    fileprivate static func pow2(_ exponent: Double) -> Double {
        Double(sign: .plus, exponent: Int(exponent), significand: 1)
    }
}
