import TestSupport
import Testing

@testable import JSON

/// Known keys are handed back without decoding, and change nothing else: a
/// document parses to the same value, and fails with the same error, with
/// or without them.
@Suite("Known keys", .timeLimit(.minutes(10)), .hangGuard)
struct JSONKeysTests {
    private let keys = JSONKeys(["screen", "event", "payload", "", "é"])

    private func match(_ text: String, in keys: JSONKeys) -> String? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { keys.match(in: $0, at: 0)?.key }
    }

    @Test func aKeyMatchesOnlyWhenItsBytesEndAtAQuote() {
        #expect(match("screen\":1", in: keys) == "screen")
        #expect(match("payload\"", in: keys) == "payload")
        #expect(match("\"", in: keys) == "")
        #expect(match("é\"", in: keys) == "é")
        #expect(match("screens\":1", in: keys) == nil)
        #expect(match("scree\":1", in: keys) == nil)
        #expect(match("Screen\":1", in: keys) == nil)
        // The input ends before the closing quote.
        #expect(match("screen", in: keys) == nil)
        #expect(match("x\"", in: JSONKeys.none) == nil)
    }

    @Test func aKeyLongerThanEightBytesIsComparedToItsLastByte() {
        let long = JSONKeys(["expectedVersion", "expected"])
        #expect(match("expectedVersion\":1", in: long) == "expectedVersion")
        #expect(match("expected\":1", in: long) == "expected")
        #expect(match("expectedVersioN\":1", in: long) == nil)
        #expect(match("expectedXersion\":1", in: long) == nil)
        #expect(match("expectedVersion", in: long) == nil)
        // Fewer than eight bytes left in the input.
        #expect(match("event\"", in: keys) == "event")
        #expect(match("even\"", in: keys) == nil)
    }

    @Test func keysThatCouldOnlyBeEscapedAreLeftOut() {
        let odd = JSONKeys(["a\"b", "a\\b", "tab\t", "plain"])
        #expect(match("a\"b\"", in: odd) == nil)
        #expect(match("a\\b\"", in: odd) == nil)
        #expect(match("tab\t\"", in: odd) == nil)
        #expect(match("plain\"", in: odd) == "plain")
    }

    @Test(arguments: [
        #"{"screen":"s1","event":"select","payload":{"code":"USD"}}"#,
        #"{ "screen" : "s1" , "event":"next" }"#,
        #"{"scr\u0065en":"escaped key","event\n":1,"payload":[{"screen":{}}]}"#,
        #"{"screens":1,"scree":2,"":3,"é":4,"payloads":null}"#,
        #"[{"event":true},{"event":false}]"#,
    ])
    func aDocumentParsesToTheSameValueWithKnownKeys(_ text: String) throws {
        let bytes = Array(text.utf8)
        let plain = try JSONParser.parse(bytes)
        let known = try JSONParser.parse(bytes, keys: keys)
        #expect(known == plain)
    }

    @Test(arguments: [
        #"{"screen":1,"screen":2}"#,
        #"{"screen":1,"scr\u0065en":2}"#,
        #"{"screen""#,
        #"{"screen"}"#,
        #"{"screen":}"#,
        #"{"event" 1}"#,
    ])
    func aBadDocumentFailsTheSameWayWithKnownKeys(_ text: String) {
        let bytes = Array(text.utf8)
        let plain = Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(bytes) }
        let known = Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(bytes, keys: keys) }
        guard case .failure(let plainError) = plain, case .failure(let knownError) = known else {
            Issue.record("\(text) parsed: \(plain), \(known)")
            return
        }
        #expect(knownError.description == plainError.description)
    }
}
