import Coordination
import TestSupport
import Testing

@testable import NavigationAPI
@testable import NavigationServerRuntime
@testable import Sessions

/// The values the request path now spells by hand into one string instead of
/// concatenating (issue 16): each must read exactly as the plain spelling did.
@Suite("Request path spellings", .timeLimit(.minutes(10)), .hangGuard)
struct RequestPathSpellingTests {
    @Test(arguments: [0, 1, 7, 9, 10, 99, 100, 12_345, 1_000_000_007, Int.max, -1, -42, Int.min])
    func anEntityTagIsTheVersionInQuotes(_ version: Int) {
        #expect(EntityTag.header(for: version) == "\"" + String(version) + "\"")
    }

    @Test func generatedRequestIDsAreTheProcessPrefixAndACounterInHex() throws {
        let ids = (0..<300).map { _ in RequestID.generate().string }
        for id in ids {
            let match = try #require(id.wholeMatch(of: /([0-9a-f]{16})-([1-9a-f][0-9a-f]*)/), "\(id)")
            #expect(String(match.1) == String(ids[0].prefix(16)))
            #expect(RequestID.isValid(id))
        }
        // Other suites may take numbers meanwhile, but never the same one twice.
        let numbers = ids.compactMap { Int($0.split(separator: "-")[1], radix: 16) }
        #expect(numbers.count == ids.count)
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func aRequestIDSpellsItsNumberInHexWithoutLeadingZeros() {
        let prefix = String(RequestID.generate().string.prefix(17))
        var numbers: [UInt64] = [0, 1, 9, 10, 15, .max, 0x0123_4567_89ab_cdef]
        for digits in 1...16 {
            let top = digits == 16 ? UInt64.max : (UInt64(1) << UInt64(digits * 4)) - 1
            numbers += [top, top / 15 * 10, (top >> 4) + 1]
        }
        for number in numbers {
            #expect(RequestID.spelled(number: number).string == prefix + String(number, radix: 16), "\(number)")
        }
    }

    @Test func sessionIDsAre32LowercaseHexDigitsAndNeverRepeat() {
        let ids = (0..<2_000).map { _ in SessionID.make() }
        #expect(ids.allSatisfy { $0.wholeMatch(of: /[0-9a-f]{32}/) != nil && SessionID.isWellFormed($0) })
        #expect(Set(ids).count == ids.count)
        // Both 64-bit halves are random: neither is the same in every id.
        #expect(Set(ids.map { $0.prefix(16) }).count > 1)
        #expect(Set(ids.map { $0.suffix(16) }).count > 1)
        // And every one of the 128 bits: each of the 32 positions takes each
        // of the 16 digits across 2,000 ids (a stuck or biased nibble, or a
        // wrong digit table, would miss some; by chance, odds below 10^-50).
        var seen = [Set<UInt8>](repeating: [], count: SessionID.length)
        for id in ids {
            for (position, byte) in id.utf8.enumerated() { seen[position].insert(byte) }
        }
        #expect(seen.allSatisfy { $0 == Set("0123456789abcdef".utf8) })
    }

    @Test(arguments: ["0123456789abcdef0123456789abcdeF", "0123456789abcdef0123456789abcde", "0123456789abcdef0123456789abcdef0", ""])
    func aSessionIDMustBeExactly32LowercaseHexDigits(_ text: String) {
        #expect(!SessionID.isWellFormed(text))
        #expect(SessionID.isWellFormed("0123456789abcdef0123456789abcdef"))
    }

    @Test func aSessionKeyReadsAndSpellsTheSameHexDigits() throws {
        for id in (0..<200).map({ _ in SessionID.make() }) + ["00000000000000000000000000000000", "ffffffffffffffff0000000000000001"] {
            let key = try #require(SessionKey(hex: id))
            #expect(key.hex == id)
        }
        #expect(SessionKey(hex: "0123456789abcdef0123456789abcdef") == SessionKey(high: 0x0123_4567_89ab_cdef, low: 0x0123_4567_89ab_cdef))
        for bad in [
            "0123456789ABCDEF0123456789abcdef", "0123456789abcdef0123456789abcde", "0123456789abcdef0123456789abcdef0", "",
            "0123456789abcdef0123456789abcdeg", "0123456789abcdef 123456789abcdef",
            // The bytes on each side of the digit ranges, in either half of the key.
            "/123456789abcdef0123456789abcdef", "0123456789abcdef:123456789abcdef", "0123456789abcde`0123456789abcdef",
            "0123456789abcdef0123456789abcd\u{e9}", "0123456789abcdef0123456789abcd\u{0}f",
        ] {
            #expect(SessionKey(hex: bad) == nil, "\(bad)")
        }
    }

    /// The text `LogLine.write` hands over (`stackBytes` 0: all of it on the heap).
    private func logLine(
        _ format: LogFormat, level: LogLevel = .info, _ message: StaticString, time: UTCDateTime = .now(),
        stackBytes: Int = LogLine.scratchBytes, _ fill: (inout LogLine) -> Void
    ) -> [UInt8] {
        var written: [UInt8] = []
        LogLine.write(format: format, level: level, message: message, time: time, stackBytes: stackBytes, fill) {
            written = Array($0)
        }
        return written
    }

    /// Every field of the time at its place, zero-padded: a digit in the
    /// wrong place or a field one short would still match the shape.
    @Test func aLogLineSpellsItsTimeDigitByDigit() {
        let times: [(UTCDateTime, String)] = [
            (UTCDateTime(year: 2026, month: 3, day: 7, hour: 4, minute: 5, second: 9, millisecond: 42), "2026-03-07T04:05:09.042Z"),
            (UTCDateTime(year: 1999, month: 12, day: 31, hour: 23, minute: 59, second: 58, millisecond: 999), "1999-12-31T23:59:58.999Z"),
            (UTCDateTime(year: 987, month: 10, day: 1, hour: 0, minute: 0, second: 0, millisecond: 7), "0987-10-01T00:00:00.007Z"),
            (UTCDateTime(unixSeconds: 0, millisecond: 100), "1970-01-01T00:00:00.100Z"),
        ]
        for (time, spelled) in times {
            let json = String(decoding: logLine(.json, "tick", time: time) { _ in }, as: UTF8.self)
            #expect(json == #"{"time":""# + spelled + #"","level":"info","msg":"tick"}"# + "\n")
            let text = String(decoding: logLine(.text, "tick", time: time) { _ in }, as: UTF8.self)
            #expect(text == spelled + " info tick\n")
        }
    }

    @Test func aJSONLogLineHasItsFieldsInOrderEscaped() {
        let text = String(
            decoding: logLine(.json, "request") { line in
                line.field("request_id", "a\"b")
                line.field("status", -200)
            }, as: UTF8.self)
        #expect(
            text.wholeMatch(
                of:
                    /\{"time":"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z","level":"info","msg":"request","request_id":"a\\"b","status":-200\}\n/
            ) != nil, "\(text)")
    }

    /// A field given as bytes (a request id) is the same field given as
    /// text, in both formats, plain or escaped, short or past a word.
    @Test(arguments: ["r-1", "0123456789abcdef-1f", "a\"b<c", "x y=z", "é\u{2028}"], [LogFormat.json, .text])
    func aFieldGivenAsBytesIsTheFieldGivenAsText(value: String, format: LogFormat) {
        let time = UTCDateTime(unixSeconds: 0, millisecond: 0)
        let asText = logLine(format, "request", time: time) { $0.field("request_id", value) }
        let asBytes = logLine(format, "request", time: time) { line in
            Array(value.utf8).withUnsafeBufferPointer { line.field("request_id", utf8: $0) }
        }
        #expect(asBytes == asText)
        let made = RequestID.spelled(number: 0xABC)
        let madeLine = logLine(format, "request", time: time) { line in made.withUTF8 { line.field("request_id", utf8: $0) } }
        #expect(madeLine == logLine(format, "request", time: time) { $0.field("request_id", made.string) })
    }

    /// A token (every request id) is copied as it is, and reads as the same
    /// value given as text would, in both formats.
    @Test(
        arguments: ["r-1", "A.b_c-9", "0123456789abcdef-1f", String(repeating: "x", count: RequestID.maxLength)],
        [LogFormat.json, .text])
    func aTokenFieldIsTheFieldGivenAsText(value: String, format: LogFormat) {
        let time = UTCDateTime(unixSeconds: 0, millisecond: 0)
        let asToken = logLine(format, "request", time: time) { line in
            Array(value.utf8).withUnsafeBufferPointer { line.field("request_id", token: $0) }
        }
        #expect(asToken == logLine(format, "request", time: time) { $0.field("request_id", value) })
        #expect(RequestID.isValid(value))
    }

    /// Only tokens are valid request ids: what the log copies unchecked.
    @Test(arguments: ["", "a b", "a\"b", "a=b", "caf\u{E9}", "a<b", String(repeating: "x", count: RequestID.maxLength + 1)])
    func aRequestIDThatIsNoTokenIsReplaced(value: String) {
        #expect(!RequestID.isValid(value))
        #expect(RequestID.forRequest(sentAs: value).string != value)
    }

    /// A message is escaped like any value: a quote in it neither ends the
    /// JSON string nor the text value.
    @Test func aMessageIsEscapedLikeAValue() throws {
        let json = logLine(.json, "said \"hi\"=x") { _ in }
        guard case .object(let object) = try JSONParser.parse(json) else {
            Issue.record("not a JSON object: \(json)")
            return
        }
        #expect(object["msg"] == .string("said \"hi\"=x"))
        let text = String(decoding: logLine(.text, "said \"hi\"=x") { _ in }, as: UTF8.self)
        #expect(text.hasSuffix(#" info "said \"hi\"=x""# + "\n"), "\(text)")
    }

    /// A value copied as it is (nothing to escape) and one escaped by the
    /// JSON writer read the same: every ASCII character, and others, alone
    /// and inside plain text, is written as the writer writes it.
    @Test func aJSONLogLineWritesEveryCharacterAsTheJSONWriterDoes() {
        let characters = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["\u{e9}", "\u{2028}", "\u{1F600}"]
        // Seventeen bytes with the character at each place: inside the
        // first and second eight (read a word at a time) and the last byte.
        let plain = "0123456789abcdefg"
        for character in characters {
            let placed = (0...plain.count).map { String(plain.prefix($0)) + character + plain.dropFirst($0 + 1) }
            for value in [character, "id-" + character + "-9"] + placed {
                let text = String(decoding: logLine(.json, "m") { $0.field("v", value) }, as: UTF8.self)
                var writer = JSONWriter()
                writer.writeString(value)
                let expected = ",\"v\":" + String(decoding: writer.bytes, as: UTF8.self) + "}\n"
                #expect(text.hasSuffix(expected), "\(Array(value.utf8)): \(text)")
            }
        }
    }

    /// A line is written in memory on the stack while it fits and moves to
    /// the heap when it does not: either way it is the line written on the
    /// heap from the start.
    @Test(arguments: [(5, false), (5, true), (300, false), (300, true), (5_000, true)], [LogFormat.json, .text])
    func aLineOnTheStackOrPastItIsTheSameLine(piece: (repeats: Int, escaped: Bool), format: LogFormat) {
        let value = String(repeating: "ab", count: piece.repeats) + (piece.escaped ? "<\"\n\u{2028}=" : "")
        func fill(_ line: inout LogLine) {
            line.field("v", value)
            line.field("n", -7)
        }
        let written = logLine(format, "m", fill)
        let expected = logLine(format, "m", stackBytes: 0, fill)
        // The same but for the time, which is the line's first 24 characters (after `{"time":"` in JSON).
        let skipped = format == .json ? 9 + 24 : 24
        #expect(written.count == expected.count)
        #expect(written.dropFirst(skipped) == expected.dropFirst(skipped))
        #expect(written.last == UInt8(ascii: "\n"))
    }

    @Test(arguments: [0, 7, 10, 200, 503, 123_456_789, Int.max, -1, -200, Int.min])
    func aLogLineSpellsIntegersInDecimal(_ value: Int) {
        let text = String(decoding: logLine(.text, "request") { $0.field("n", value) }, as: UTF8.self)
        #expect(text.hasSuffix(" n=" + String(value) + "\n"))
    }

    @Test func aTextLogLineNamesEachLevel() {
        for level in LogLevel.allCases {
            let text = String(
                decoding: logLine(.text, level: level, "stopped") { line in
                    line.field("reason", "two words")
                    line.field("count", 3)
                }, as: UTF8.self)
            #expect(
                text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z (\w+) stopped reason="two words" count=3\n/)?.1
                    == Substring(level.rawValue),
                "\(text)")
        }
    }
}
