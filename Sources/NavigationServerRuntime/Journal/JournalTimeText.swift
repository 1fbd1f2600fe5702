import NavigationAPI
import Platform

/// How the journal commands write the milliseconds-since-1970 of records.
enum JournalTimeText {
    /// RFC 3339 (ISO 8601) UTC with milliseconds: `2026-11-29T14:58:18.123Z`.
    static func timestamp(milliseconds: Int64) -> String {
        UTCTimestamp.string(millisecondsSince1970: milliseconds)
    }

    /// A duration for a person, two units at most: `45s`, `12m05s`, `3h04m`,
    /// `2d05h`. Negative (a clock set back) counts as 0.
    static func duration(milliseconds: Int64) -> String {
        let seconds = max(0, milliseconds) / 1000
        let (days, hours, minutes) = (seconds / 86_400, seconds / 3_600 % 24, seconds / 60 % 60)
        if days > 0 { return "\(days)d" + digits(Int(hours), 2) + "h" }
        if hours > 0 { return "\(hours)h" + digits(Int(minutes), 2) + "m" }
        if minutes > 0 { return "\(minutes)m" + digits(Int(seconds % 60), 2) + "s" }
        return "\(seconds)s"
    }

    /// Now, in milliseconds since 1970 (the records' clock).
    static func nowMilliseconds() -> Int64 {
        SystemClock.millisecondsSince1970()
    }

    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
}
