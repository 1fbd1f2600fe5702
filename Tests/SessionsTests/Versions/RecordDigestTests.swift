import Coordination
import Sessions
import StoreTestSupport
import TestSupport
import Testing

/// A record's digest, read from the end of its body where this server
/// writes it, decodes as the whole body parsed would.
@Suite("Digests at the end of records", .timeLimit(.minutes(10)), .hangGuard)
struct RecordDigestTests {
    private func record(_ body: String, kind: JournalRecord.Kind = .event) -> JournalRecord {
        JournalRecord(sessionID: Journal.id(1), version: 2, kind: kind, time: 0, body: Array(body.utf8))
    }

    /// The same body with a space before its closing brace: no longer
    /// ending with the digest member, it is parsed whole.
    private func spaced(_ body: String) -> String {
        String(body.dropLast()) + " }"
    }

    @Test(arguments: [
        #"{"screen":"s1","event":"add","payload":{},"digest":"0123abcd"}"#,
        #"{"screen":"s1","event":"add","payload":{"n":12},"patches":["p"],"digest":"ffffffff"}"#,
        #"{"screen":"s1","event":"add","payload":{"t":"x\",\"digest\":\"12345678\"}"},"digest":"00000000"}"#,
        #"{"screen":"s1","event":"add","payload":{"on":true},"digest":"0123ABCD"}"#,
        #"{"screen":"s1","event":"add","payload":{"a":[null]},"digest":"0123abcz"}"#,
        #"{"digest":"89abcdef","screen":"s1","event":"add","payload":{}}"#,
    ])
    func theDigestReadsAsTheWholeBodyParsed(body: String) throws {
        let fast = try JournalEntry.decoding(record(body))
        let whole = try JournalEntry.decoding(record(spaced(body)))
        #expect(fast.entry == whole.entry)
        #expect(fast.patches == whole.patches)
        #expect(fast.digest == whole.digest)
    }

    @Test func digitsAreReadAsTheirValue() throws {
        let decoded = try JournalEntry.decoding(record(#"{"screen":"s1","event":"add","payload":{},"digest":"0123abcd"}"#))
        #expect(decoded.digest == DocumentDigest(value: 0x0123_abcd))
        #expect(decoded.entry == .event(ClientEvent(screen: "s1", event: "add")))
    }

    /// Digits that are not 8 lowercase hex digits are a digest of another
    /// revision: not compared.
    @Test(arguments: ["0123ABCD", "0123abcz", "0123abc ", "2:0123ab"])
    func otherSpellingsAreNotCompared(digits: String) throws {
        let decoded = try JournalEntry.decoding(record(#"{"screen":"s1","event":"add","payload":{},"digest":"\#(digits)"}"#))
        #expect(decoded.digest == nil)
    }

    /// What the whole body's parse refuses stays refused.
    @Test(arguments: [
        #"{,"digest":"0123abcd"}"#,
        #"{ ,"digest":"0123abcd"}"#,
        #"{"screen":"s1","event":"add","payload":{},"digest":"00000000","digest":"0123abcd"}"#,
        #"{"screen":"s1","event":"add","payload":{},"digest":7,"digest":"0123abcd"}"#,
        #"{"screen":"s1","event":"add","payload":{}],"digest":"0123abcd"}"#,
        #","digest":"0123abcd"}"#,
    ])
    func malformedBodiesAreStillRefused(body: String) {
        #expect(throws: JournalEntryError.self) { try JournalEntry.decoding(record(body)) }
    }

    @Test func recordsThisServerWritesRoundTrip() throws {
        let digest = DocumentDigest(value: 0xdead_beef)
        let entries: [JournalEntry] = [
            .event(ClientEvent(screen: "s1", event: "add", payload: ["text": "a \"quoted\" } value"])),
            .link("/rates/USD"),
            .outcome(effect: "e1", .success(["rate": 1.5])),
        ]
        for entry in entries {
            let record = entry.record(sessionID: Journal.id(1), version: 2, time: 0, patches: ["p"], digest: digest)
            let decoded = try JournalEntry.decoding(record)
            #expect(decoded.entry == entry)
            #expect(decoded.patches == ["p"])
            #expect(decoded.digest == digest)
        }
    }
}
