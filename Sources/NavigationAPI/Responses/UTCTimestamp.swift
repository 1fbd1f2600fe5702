import Coordination

/// RFC 3339 UTC times with milliseconds (`2026-12-01T08:00:00.123Z`), as
/// JSON strings, from milliseconds since 1970.
///
/// Integer calendar arithmetic, like the runtime's log timestamps (which this
/// layer cannot import): Howard Hinnant's `civil_from_days`, no `gmtime_r`
/// and its process-wide lock, no Foundation formatter.
enum UTCTimestamp {
    /// Writes the time `milliseconds` after 1970-01-01T00:00:00Z as a quoted string.
    static func write(millisecondsSince1970 milliseconds: Int64, to writer: inout JSONWriter) {
        let (seconds, millisecond) = floorDivision(milliseconds, 1_000)
        let (days, secondOfDay) = floorDivision(Int64(seconds), 86_400)
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)

        writer.writeRaw("\"")
        // Years before 0 or after 9999 have no four-digit RFC 3339 form; journal
        // times are wall-clock times, so clamp rather than write nonsense.
        appendDigits(min(max(year, 0), 9_999), count: 4, to: &writer)
        writer.writeRaw("-")
        appendDigits(month, count: 2, to: &writer)
        writer.writeRaw("-")
        appendDigits(day, count: 2, to: &writer)
        writer.writeRaw("T")
        appendDigits(secondOfDay / 3_600, count: 2, to: &writer)
        writer.writeRaw(":")
        appendDigits(secondOfDay % 3_600 / 60, count: 2, to: &writer)
        writer.writeRaw(":")
        appendDigits(secondOfDay % 60, count: 2, to: &writer)
        writer.writeRaw(".")
        appendDigits(millisecond, count: 3, to: &writer)
        writer.writeRaw("Z\"")
    }

    /// Quotient and remainder rounded toward negative infinity, so that times
    /// before 1970 fall on the right day.
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int, Int) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (Int(quotient - 1), Int(remainder + divisor)) : (Int(quotient), Int(remainder))
    }

    private static func appendDigits(_ value: Int, count: Int, to writer: inout JSONWriter) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            writer.bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
