import NavigationAPI
import TestSupport
import Testing

@testable import NavigationServerRuntime

/// A thread's request lines reuse the spelling of the current second and
/// write only its milliseconds: every time must still read as if spelled
/// from scratch, across every boundary a field rolls over at. The times
/// are given, no clock is read.
@Suite("Log timestamp cache", .timeLimit(.minutes(10)), .hangGuard)
struct LogTimestampCacheTests {
    private func spelled(_ timestamp: LogTimestamp) -> String {
        timestamp.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// One cache through times in the order given: within a second, then
    /// over a second, a minute, an hour and a day, a year and a century,
    /// back in time (the clock set back), and before 1970.
    @Test func everyTimeReadsAsSpelledFromScratchAcrossBoundaries() {
        let times: [(Int64, String)] = [
            (1_796_000_298_000, "2026-11-30T00:58:18.000Z"),
            (1_796_000_298_042, "2026-11-30T00:58:18.042Z"),
            (1_796_000_298_999, "2026-11-30T00:58:18.999Z"),
            (1_796_000_299_000, "2026-11-30T00:58:19.000Z"),
            (1_796_000_339_999, "2026-11-30T00:58:59.999Z"),
            (1_796_000_340_000, "2026-11-30T00:59:00.000Z"),
            (1_796_000_399_999, "2026-11-30T00:59:59.999Z"),
            (1_796_000_400_000, "2026-11-30T01:00:00.000Z"),
            (1_795_996_799_999, "2026-11-29T23:59:59.999Z"),
            (1_795_996_800_000, "2026-11-30T00:00:00.000Z"),
            (1_798_761_599_999, "2026-12-31T23:59:59.999Z"),
            (1_798_761_600_001, "2027-01-01T00:00:00.001Z"),
            (4_102_444_799_500, "2099-12-31T23:59:59.500Z"),
            (4_102_444_800_000, "2100-01-01T00:00:00.000Z"),
            (1_796_000_298_001, "2026-11-30T00:58:18.001Z"),
            (0, "1970-01-01T00:00:00.000Z"),
            (-1, "1969-12-31T23:59:59.999Z"),
            (-1_000, "1969-12-31T23:59:59.000Z"),
            (-1_001, "1969-12-31T23:59:58.999Z"),
            (999, "1970-01-01T00:00:00.999Z"),
        ]
        var cache = LogTimestampCache()
        for (milliseconds, expected) in times {
            #expect(spelled(cache.timestamp(millisecondsSince1970: milliseconds)) == expected, "\(milliseconds)")
        }
    }

    /// The first time a cache spells is its own, even the second the cache
    /// starts from (1970-01-01T00:00:00).
    @Test(arguments: [Int64(0), 7, 1_796_000_298_123])
    func aNewCacheSpellsItsFirstTime(_ milliseconds: Int64) {
        var cache = LogTimestampCache()
        let expected = LogTimestamp(UTCDateTime(millisecondsSince1970: milliseconds))
        #expect(cache.timestamp(millisecondsSince1970: milliseconds) == expected)
    }

    /// Many small steps forward, some within a second and some over one,
    /// each compared with the spelling of the calendar time.
    @Test func aWalkOfSmallStepsAgreesWithTheCalendar() {
        var generator = SystemRandomNumberGenerator()
        var cache = LogTimestampCache()
        var milliseconds: Int64 = 1_795_996_790_000
        for _ in 0..<20_000 {
            milliseconds += Int64.random(in: 0...1_500, using: &generator)
            let expected = LogTimestamp(UTCDateTime(millisecondsSince1970: milliseconds))
            #expect(cache.timestamp(millisecondsSince1970: milliseconds) == expected, "\(milliseconds)")
        }
    }

    /// A replaced millisecond is the only change: every other byte stays.
    @Test func replacingTheMillisecondKeepsTheRest() {
        let time = LogTimestamp(UTCDateTime(year: 2026, month: 3, day: 7, hour: 4, minute: 5, second: 9, millisecond: 42))
        #expect(spelled(time) == "2026-03-07T04:05:09.042Z")
        #expect(spelled(time.replacingMillisecond(with: 0)) == "2026-03-07T04:05:09.000Z")
        #expect(spelled(time.replacingMillisecond(with: 999)) == "2026-03-07T04:05:09.999Z")
        #expect(spelled(time.replacingMillisecond(with: 7)) == "2026-03-07T04:05:09.007Z")
    }
}
