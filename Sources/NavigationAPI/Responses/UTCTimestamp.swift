import Coordination

/// RFC 3339 UTC times with milliseconds (`2026-12-01T08:00:00.123Z`), as
/// JSON strings, from milliseconds since 1970.
///
/// The calendar arithmetic is ``UTCDateTime``'s, shared with the log lines:
/// no `gmtime_r` and its process-wide lock, no Foundation formatter.
package enum UTCTimestamp {
    /// Writes the time `milliseconds` after 1970-01-01T00:00:00Z as a quoted string.
    /// The same text without quotes, for a log or a command's output.
    package static func string(millisecondsSince1970 milliseconds: Int64) -> String {
        var writer = JSONWriter(capacity: 32)
        write(millisecondsSince1970: milliseconds, to: &writer)
        return String(decoding: writer.bytes.dropFirst().dropLast(), as: UTF8.self)
    }

    static func write(millisecondsSince1970 milliseconds: Int64, to writer: inout JSONWriter) {
        let time = UTCDateTime(millisecondsSince1970: milliseconds)
        writer.writeRaw("\"")
        // Years before 0 or after 9999 have no four-digit RFC 3339 form; journal
        // times are wall-clock times, so clamp rather than write nonsense.
        appendDigits(min(max(time.year, 0), 9_999), count: 4, to: &writer)
        writer.writeRaw("-")
        appendDigits(time.month, count: 2, to: &writer)
        writer.writeRaw("-")
        appendDigits(time.day, count: 2, to: &writer)
        writer.writeRaw("T")
        appendDigits(time.hour, count: 2, to: &writer)
        writer.writeRaw(":")
        appendDigits(time.minute, count: 2, to: &writer)
        writer.writeRaw(":")
        appendDigits(time.second, count: 2, to: &writer)
        writer.writeRaw(".")
        appendDigits(time.millisecond, count: 3, to: &writer)
        writer.writeRaw("Z\"")
    }

    private static func appendDigits(_ value: Int, count: Int, to writer: inout JSONWriter) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            writer.writeRaw(byte: UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
