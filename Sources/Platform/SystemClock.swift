/// The system's two clocks, read with `clock_gettime(2)`: every place that
/// needs the time asks here, so that a reader finds which clock is meant.
///
/// The wall clock is what records and logs carry (it keeps counting across
/// a restart, and jumps when the system time is set); the monotonic clock
/// measures durations and deadlines (it never jumps, and starts anew at
/// boot).
///
/// Public and inlinable, not `package`: every request reads a clock several
/// times from other modules, and the compiler inlines across modules only
/// what is public.
public enum SystemClock {
    /// Wall-clock seconds since 1970-01-01T00:00:00Z, with a fraction.
    @inlinable
    public static func secondsSince1970() -> Double {
        let now = read(CLOCK_REALTIME)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Wall-clock milliseconds since 1970-01-01T00:00:00Z: the time a
    /// journal record carries.
    @inlinable
    public static func millisecondsSince1970() -> Int64 {
        let now = read(CLOCK_REALTIME)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Nanoseconds on the monotonic clock, from an arbitrary start: only
    /// differences between two readings mean something.
    @inlinable
    public static func monotonicNanoseconds() -> Int {
        let now = read(CLOCK_MONOTONIC)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    @inlinable
    static func read(_ clock: clockid_t) -> timespec {
        var now = timespec()
        clock_gettime(clock, &now)
        return now
    }
}
