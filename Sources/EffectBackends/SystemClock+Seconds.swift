import Platform

extension SystemClock {
    /// Seconds on the monotonic clock: the deadlines and backoffs of calls,
    /// which a change of the wall clock cannot move.
    static func monotonicSeconds() -> Double {
        Double(monotonicNanoseconds()) / 1e9
    }
}
