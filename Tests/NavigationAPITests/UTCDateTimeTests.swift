import NavigationAPI
import Platform
import TestSupport
import Testing

/// The log's timestamps come from integer calendar arithmetic instead of
/// `gmtime_r` (which locks); they must agree with it everywhere.
@Suite("UTC timestamps of log lines", .timeLimit(.minutes(10)), .hangGuard)
struct UTCDateTimeTests {
    @Test(arguments: [
        (0, UTCDateTime(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0)),
        (-1, UTCDateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59)),
        (951_782_400, UTCDateTime(year: 2000, month: 2, day: 29, hour: 0, minute: 0, second: 0)),
        (1_796_000_298, UTCDateTime(year: 2026, month: 11, day: 30, hour: 0, minute: 58, second: 18)),
        (4_102_444_799, UTCDateTime(year: 2099, month: 12, day: 31, hour: 23, minute: 59, second: 59)),
    ])
    func knownInstants(unixSeconds: Int, expected: UTCDateTime) {
        #expect(UTCDateTime(unixSeconds: unixSeconds) == expected)
    }

    @Test func agreesWithGmtimeOverFourCenturies() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let seconds = Int.random(in: -6_000_000_000...8_000_000_000, using: &generator)
            var time = time_t(seconds)
            var parts = tm()
            gmtime_r(&time, &parts)
            let expected = UTCDateTime(
                year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
            #expect(UTCDateTime(unixSeconds: seconds) == expected, "\(seconds)")
        }
    }
}
