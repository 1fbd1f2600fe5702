import Sessions
import TestSupport
import Testing

@testable import RedisStore

/// A journal record as one element of a session's Redis list:
/// `<version> <kind> <time> <body>`.
@Suite("Redis record codec", .timeLimit(.minutes(10)), .hangGuard)
struct RedisRecordCodecTests {
    static let id = String(repeating: "ab", count: 16)

    @Test(arguments: JournalRecord.Kind.allCases)
    func everyKindRoundTrips(_ kind: JournalRecord.Kind) {
        // A body with spaces, a newline, NUL and bytes that are not UTF-8.
        let body: [UInt8] = Array(#"{"a": "b c"}"#.utf8) + [10, 0, 0xFF, 0xFE, 32]
        let record = JournalRecord(sessionID: Self.id, version: 42, kind: kind, time: 1_796_112_000_123, body: body)
        let element = RedisRecordCodec.encode(record)
        #expect(element == Array("42 \(kind.rawValue) 1796112000123 ".utf8) + body)
        #expect(RedisRecordCodec.decode(element, sessionID: Self.id) == record)
    }

    @Test func anEmptyBodyAndANegativeTimeRoundTrip() {
        let record = JournalRecord(sessionID: Self.id, version: 1, kind: .created, time: -5, body: [])
        #expect(RedisRecordCodec.encode(record) == Array("1 1 -5 ".utf8))
        #expect(RedisRecordCodec.decode(RedisRecordCodec.encode(record), sessionID: Self.id) == record)
    }

    @Test func theSessionIDComesFromTheKeyNotTheElement() {
        let decoded = RedisRecordCodec.decode(Array("3 2 7 {}".utf8), sessionID: "other")
        #expect(decoded == JournalRecord(sessionID: "other", version: 3, kind: .event, time: 7, body: Array("{}".utf8)))
    }

    @Test(arguments: [
        "", " ", "1", "1 2", "1 2 3", "1 2 3x {}", "x 2 3 {}", "1 x 3 {}", "1 2 x {}", "1.0 2 3 {}", " 1 2 3 {}", "1  2 3 {}",
        // No version 0 or below.
        "0 1 3 {}", "-1 1 3 {}",
        // Kinds that do not exist, and one that only matches after truncation to a byte.
        "1 0 3 {}", "1 7 3 {}", "1 257 3 {}", "1 -255 3 {}",
        // Numbers beyond 64 bits.
        "99999999999999999999 1 3 {}", "1 1 99999999999999999999 {}",
    ])
    func refusesWhatIsNotARecord(_ element: String) {
        #expect(RedisRecordCodec.decode(Array(element.utf8), sessionID: Self.id) == nil, "\(element.debugDescription)")
    }
}
