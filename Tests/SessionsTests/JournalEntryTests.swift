import Coordination
import Flows
import StoreTestSupport
import TestSupport
import Testing

@testable import Sessions

/// Journal entries as record bodies (compact JSON) and back, and a session's
/// records decoded into the ``SessionRecording`` a restart replays.
@Suite("Journal entries", .timeLimit(.minutes(10)), .hangGuard)
struct JournalEntryTests {
    private static let id = Journal.id(0x5E55)

    /// Payloads with every JSON kind, escapes, multi-byte text and numbers
    /// that are not integers.
    private static let payloads: [JSONObject] = [
        [:],
        ["code": "USD"],
        ["amount": 1.234],
        ["amount": -0.5, "big": 1e21, "small": 1e-7, "int": 9_007_199_254_740_991],
        ["text": "quote \" backslash \\ newline \n tab \t nul \u{0} \u{2028} é € 😀", "": ""],
        ["nested": ["list": [1, "two", nil, true, false, [:], []], "object": ["deep": ["deeper": "yes"]]]],
    ]

    // MARK: - Round trips

    @Test(arguments: payloads)
    func anEventRoundTrips(_ payload: JSONObject) throws {
        let entry = JournalEntry.event(ClientEvent(screen: "s12", event: "convert", payload: payload))
        let record = entry.record(sessionID: Self.id, version: 7, time: 1_700_000_000_123)
        #expect(record.sessionID == Self.id && record.version == 7 && record.kind == .event && record.time == 1_700_000_000_123)
        #expect(try JournalEntry(record) == entry)
    }

    @Test(arguments: payloads)
    func aCreatedEntryRoundTrips(_ context: JSONObject) throws {
        let entry = JournalEntry.created(SessionStart(flow: "exchange", flowVersion: 3, context: context))
        let record = entry.record(sessionID: Self.id, version: 1, time: 5)
        #expect(record.kind == .created && record.version == 1 && record.time == 5)
        #expect(try JournalEntry(record) == entry)
    }

    @Test(arguments: JournalEntry.EndReason.allCases)
    func anEndedEntryRoundTrips(_ reason: JournalEntry.EndReason) throws {
        let entry = JournalEntry.ended(reason: reason)
        let record = entry.record(sessionID: Self.id, version: 9, time: 6)
        #expect(record.kind == .ended && record.version == 9)
        #expect(try JournalEntry(record) == entry)
    }

    /// What `journal print` shows an operator, so its shape is a contract.
    @Test func bodiesAreTheDocumentedCompactJSON() {
        let created = JournalEntry.created(SessionStart(flow: "exchange", flowVersion: 1, context: ["onboarded": false]))
        let event = JournalEntry.event(ClientEvent(screen: "s2", event: "convert", payload: ["amount": 100]))
        #expect(
            String(decoding: created.encodedBody(), as: UTF8.self) == #"{"flow":"exchange","flowVersion":1,"context":{"onboarded":false}}"#)
        #expect(String(decoding: event.encodedBody(), as: UTF8.self) == #"{"screen":"s2","event":"convert","payload":{"amount":100}}"#)
        #expect(String(decoding: JournalEntry.ended(reason: .ended).encodedBody(), as: UTF8.self) == #"{"reason":"ended"}"#)
        #expect(String(decoding: JournalEntry.ended(reason: .expired).encodedBody(), as: UTF8.self) == #"{"reason":"expired"}"#)
    }

    /// A created body is written straight out: the same bytes as the
    /// object it stands for, whatever the context, flow name and version.
    @Test(arguments: payloads)
    func aCreatedBodyIsTheBytesOfItsObject(_ context: JSONObject) {
        for (flow, version) in [("exchange", 1), ("quo\"te <é>", -3), ("", 9_007_199_254_740_993), ("x", Int.min)] {
            let body = JournalEntry.created(SessionStart(flow: flow, flowVersion: version, context: context)).encodedBody()
            let object: JSONObject = ["flow": .string(flow), "flowVersion": .number(Double(version)), "context": .object(context)]
            #expect(body == JSONValue.object(object).encoded())
        }
    }

    /// A seed is a string of digits: a JSON number would round one past 2^53.
    @Test func aSeedIsKeptAsDigitsAndReadBackExactly() throws {
        for seed: UInt64 in [1, 9_007_199_254_740_993, .max] {
            let body = JournalEntry.created(SessionStart(flow: "exchange", flowVersion: 1, context: [:], seed: seed)).encodedBody()
            #expect(
                String(decoding: body, as: UTF8.self)
                    == #"{"flow":"exchange","flowVersion":1,"context":{},"seed":"\#(seed)"}"#)
            let decoded = SessionStart(try #require(try JSONParser.parse(body).objectValue))
            #expect(decoded?.seed == seed)
        }
    }

    // MARK: - A recording of a walked session

    @Test func theRecordsOfAWalkedSessionDecodeToItsContextAndJournal() throws {
        let session = try WalkedSession.exchange(id: Self.id)
        let records = WalkedSession.records(of: session)
        let recording = try SessionRecording(records)
        #expect(recording.sessionID == Self.id)
        #expect(recording.flow == "exchange" && recording.flowVersion == ExchangeFlow.flow.version)
        #expect(recording.context == session.context)
        #expect(recording.events == session.acceptedEvents)
        #expect(recording.endReason == nil)
        #expect(recording.lastVersion == session.version)
        #expect(recording.lastTime == records.last?.time)
    }

    @Test func aRecordingOfAnAppSessionKeepsItsValidatedContext() throws {
        let session = try WalkedSession.app(id: Self.id)
        let recording = try SessionRecording(WalkedSession.records(of: session))
        #expect(recording.context == ["onboarded": true, "token": nil])
        #expect(recording.events == session.acceptedEvents)
        #expect(recording.lastVersion == session.version)
    }

    @Test(arguments: JournalEntry.EndReason.allCases)
    func anEndedRecordClosesTheRecording(_ reason: JournalEntry.EndReason) throws {
        let session = try WalkedSession.exchange(id: Self.id)
        let records =
            WalkedSession.records(of: session) + [
                JournalEntry.ended(reason: reason).record(sessionID: Self.id, version: session.version + 1, time: 99)
            ]
        let recording = try SessionRecording(records)
        #expect(recording.endReason == reason)
        #expect(recording.events == session.acceptedEvents)
        #expect(recording.lastVersion == session.version + 1 && recording.lastTime == 99)
    }

    // MARK: - Malformed records

    private static func record(_ kind: JournalRecord.Kind, version: Int, _ body: String) -> JournalRecord {
        JournalRecord(sessionID: id, version: version, kind: kind, time: 1, body: Array(body.utf8))
    }

    static let malformed: [(JournalRecord.Kind, String)] = [
        (.created, "not json"),
        (.created, ""),
        (.created, #"{"flow":"exchange","flowVersion":1"#),
        (.created, #"["exchange",1,{}]"#),
        (.created, #"{"flow":"exchange","context":{}}"#),
        (.created, #"{"flow":"exchange","flowVersion":"1","context":{}}"#),
        (.created, #"{"flow":"exchange","flowVersion":1.5,"context":{}}"#),
        (.created, #"{"flow":7,"flowVersion":1,"context":{}}"#),
        (.created, #"{"flow":"exchange","flowVersion":1,"context":null}"#),
        (.event, #"{"screen":"s1","event":"select"}"#),
        (.event, #"{"screen":"s1","event":"select","payload":[]}"#),
        (.event, #"{"screen":1,"event":"select","payload":{}}"#),
        (.event, #"{"flow":"exchange","flowVersion":1,"context":{}}"#),
        (.ended, #"{"reason":"deleted"}"#),
        (.ended, "{}"),
        (.ended, "null"),
    ]

    @Test(arguments: 0..<malformed.count)
    func aMalformedBodyNamesTheSessionAndVersion(_ index: Int) {
        let (kind, body) = Self.malformed[index]
        let record = Self.record(kind, version: 4, body)
        do {
            let entry = try JournalEntry(record)
            Issue.record("\(kind) body \(body) decoded as \(entry)")
        } catch {
            #expect(error.sessionID == Self.id && error.version == 4)
            #expect(error.description.contains("record 4 of session \(Self.id)"), "\(error)")
        }
    }

    private static let created = record(.created, version: 1, #"{"flow":"exchange","flowVersion":1,"context":{}}"#)
    private static func event(_ version: Int) -> JournalRecord {
        record(.event, version: version, #"{"screen":"s1","event":"select","payload":{"code":"USD"}}"#)
    }
    private static func ended(_ version: Int) -> JournalRecord { record(.ended, version: version, #"{"reason":"expired"}"#) }

    static let malformedJournals: [(name: String, records: [JournalRecord], failing: Int)] = [
        ("an event before created", [event(1), created], 1),
        ("ended before created", [ended(1)], 1),
        ("a record after ended", [created, event(2), ended(3), event(4)], 4),
        ("a second ended", [created, ended(2), ended(3)], 3),
        ("a second created", [created, event(2), record(.created, version: 3, #"{"flow":"app","flowVersion":1,"context":{}}"#)], 3),
        ("a malformed event in the middle", [created, event(2), record(.event, version: 3, "{"), event(4)], 3),
    ]

    @Test(arguments: 0..<malformedJournals.count)
    func aMalformedJournalNamesTheRecordThatBreaksIt(_ index: Int) {
        let (name, records, failing) = Self.malformedJournals[index]
        do {
            let recording = try SessionRecording(records)
            Issue.record("\(name) decoded as \(recording)")
        } catch {
            #expect(error.sessionID == Self.id && error.version == failing, "\(name): \(error)")
            #expect(error.description.contains("record \(failing) of session \(Self.id)"), "\(name): \(error)")
        }
    }

    @Test func anEmptyJournalIsRefused() {
        #expect(throws: JournalEntryError.self) { try SessionRecording([]) }
    }
}
