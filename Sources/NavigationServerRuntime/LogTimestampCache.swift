import NavigationAPI

/// Spells the times of one thread's log lines, keeping the spelling of the
/// last second it spelled: a line in the same second (nearly every request
/// line under load) only writes its three millisecond digits: ~80
/// instructions a line, where the calendar arithmetic and every field's
/// digits cost ~550.
///
/// A value: each thread's request log keeps its own (``LogBuffer``), so
/// no lock guards it beyond that buffer's.
struct LogTimestampCache {
    /// The Unix second ``spelled`` is the start of; `nil` before the first line.
    private var second: Int64?
    private var spelled = LogTimestamp(UTCDateTime(unixSeconds: 0))

    /// The timestamp of `milliseconds` since 1970-01-01T00:00:00Z (times
    /// before 1970 fall on the right day, as ``UTCDateTime`` has them).
    mutating func timestamp(millisecondsSince1970 milliseconds: Int64) -> LogTimestamp {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1_000)
        let (second, millisecond) = remainder < 0 ? (quotient - 1, remainder + 1_000) : (quotient, remainder)
        if second != self.second {
            spelled = LogTimestamp(UTCDateTime(unixSeconds: Int(second)))
            self.second = second
        }
        return spelled.replacingMillisecond(with: Int(millisecond))
    }
}
