import Coordination
import Platform
import TestSupport
import Testing

@testable import NavigationAPI

/// The times of `GET /v1/sessions/{id}/events` come from integer calendar
/// arithmetic; they must agree with `gmtime_r` everywhere.
@Suite("UTC timestamps of journal times", .timeLimit(.minutes(10)), .hangGuard)
struct UTCTimestampTests {
    private func text(_ milliseconds: Int64) -> String {
        var writer = JSONWriter()
        UTCTimestamp.write(millisecondsSince1970: milliseconds, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    @Test(arguments: [
        (Int64(0), "\"1970-01-01T00:00:00.000Z\""),
        (-1, "\"1969-12-31T23:59:59.999Z\""),
        (951_868_799_999, "\"2000-02-29T23:59:59.999Z\""),
        (1_796_112_000_123, "\"2026-12-01T08:00:00.123Z\""),
        (4_102_444_799_007, "\"2099-12-31T23:59:59.007Z\""),
    ])
    func knownInstants(milliseconds: Int64, expected: String) {
        #expect(text(milliseconds) == expected)
    }

    @Test func agreesWithGmtime() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let milliseconds = Int64.random(in: 0...8_000_000_000_000, using: &generator)
            var time = time_t(milliseconds / 1000)
            var parts = tm()
            gmtime_r(&time, &parts)
            let date = [padded(Int(parts.tm_year) + 1900, 4), padded(Int(parts.tm_mon) + 1, 2), padded(Int(parts.tm_mday), 2)]
            let clock = [padded(Int(parts.tm_hour), 2), padded(Int(parts.tm_min), 2), padded(Int(parts.tm_sec), 2)]
            let fraction = padded(Int(milliseconds % 1000), 3)
            let expected = "\"" + date.joined(separator: "-") + "T" + clock.joined(separator: ":") + "." + fraction + "Z\""
            #expect(text(milliseconds) == expected, "\(milliseconds)")
        }
    }
}
