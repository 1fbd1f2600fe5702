import Platform

/// A UTC calendar time, from Unix time by integer arithmetic.
///
/// Every log line and every time in the events document carries one, so it avoids `gmtime_r`: glibc's takes a
/// process-wide lock (`tzset_lock`) on every call, which all request threads
/// would contend for. UTC needs no time zone data; the days-to-date step is
/// the proleptic Gregorian algorithm of Howard Hinnant's `civil_from_days`.
package struct UTCDateTime: Equatable {
    package let year: Int
    package let month: Int
    package let day: Int
    package let hour: Int
    package let minute: Int
    package let second: Int
    package let millisecond: Int

    package init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    package init(unixSeconds: Int, millisecond: Int = 0) {
        let days = unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
        let secondOfDay = unixSeconds - days * 86_400
        hour = secondOfDay / 3_600
        minute = secondOfDay % 3_600 / 60
        second = secondOfDay % 60
        self.millisecond = millisecond
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Now, from the real-time clock.
    package static func now() -> UTCDateTime {
        UTCDateTime(millisecondsSince1970: SystemClock.millisecondsSince1970())
    }

    /// The time `milliseconds` after 1970-01-01T00:00:00Z; times before 1970
    /// fall on the right day.
    package init(millisecondsSince1970 milliseconds: Int64) {
        let (seconds, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1_000)
        self.init(
            unixSeconds: Int(remainder < 0 ? seconds - 1 : seconds), millisecond: Int(remainder < 0 ? remainder + 1_000 : remainder))
    }
}
