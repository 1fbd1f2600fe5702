import Coordination
import FileStore
import FlowTestSupport
import Sessions
import StoreTestSupport
import TestSupport
import Testing

/// Patch markers in the journal: written with the change that took the
/// patch, read back into the replay, so that a restart replays each
/// session's own branch.
@Suite("Patches in the journal", .timeLimit(.minutes(10)), .hangGuard)
struct PatchJournalTests {
    private static func presentations(_ snapshot: SessionSnapshot) throws -> [String] {
        try #require(try JSONParser.parse(snapshot.document)["stack"]?.arrayValue).compactMap { $0["presentation"]?.stringValue }
    }

    private static func send(_ event: String, in registry: SessionRegistry, _ snapshot: SessionSnapshot) throws -> SessionSnapshot {
        let stack = try #require(try JSONParser.parse(snapshot.document)["stack"]?.arrayValue)
        let top = try #require(stack.last?["id"]?.stringValue)
        return try registry.send(ClientEvent(screen: top, event: event), to: snapshot.id)
    }

    // MARK: - Records

    @Test func anEventsMarkersFollowItsPayload() throws {
        let entry = JournalEntry.event(ClientEvent(screen: "s1", event: "add", payload: ["n": 1]))
        let record = entry.record(sessionID: Journal.id(1), version: 2, time: 5, patches: ["sheet-editor", "b"])
        #expect(
            String(decoding: record.body, as: UTF8.self)
                == #"{"screen":"s1","event":"add","payload":{"n":1},"patches":["sheet-editor","b"]}"#)
        let decoded = try JournalEntry.decoding(record)
        #expect(decoded.entry == entry)
        #expect(decoded.patches == ["sheet-editor", "b"])
        #expect(decoded.entry.recordedChange(at: 5, patches: decoded.patches)?.patches == ["sheet-editor", "b"])
        // Without markers the body is what it was before patches existed.
        #expect(String(decoding: entry.encodedBody(), as: UTF8.self) == #"{"screen":"s1","event":"add","payload":{"n":1}}"#)
    }

    @Test func linksOutcomesAndStartsKeepTheirMarkers() throws {
        for entry in [JournalEntry.link("/notes/1"), .outcome(effect: "e1", .success(["ok": true]))] {
            let decoded = try JournalEntry.decoding(entry.record(sessionID: Journal.id(1), version: 2, time: 0, patches: ["p"]))
            #expect(decoded.entry == entry)
            #expect(decoded.patches == ["p"])
        }
        let start = SessionStart(flow: "notes", flowVersion: 1, context: [:], patches: ["titled"])
        let decoded = try JournalEntry.decoding(JournalEntry.created(start).record(sessionID: Journal.id(1), version: 1, time: 0))
        #expect(decoded.entry == .created(start))
        #expect(start.members["patches"] == ["titled"])
    }

    @Test(arguments: [#""patches":"p""#, #""patches":[1]"#, #""patches":{}"#])
    func markersThatAreNotStringsAreRefused(member: String) {
        let body = #"{"screen":"s1","event":"add","payload":{},"# + member + "}"
        let record = JournalRecord(sessionID: Journal.id(1), version: 2, kind: .event, time: 0, body: Array(body.utf8))
        let error = #expect(throws: JournalEntryError.self) { try JournalEntry(record) }
        #expect(error?.reason == "its patches must be an array of strings")
    }

    // MARK: - Across a restart

    @Test func aRestartReplaysEachSessionsOwnBranch() throws {
        let directory = TemporaryDirectory()
        let old = try withFileStore(in: directory) { store in
            let registry = SessionRegistry(flows: [NotesFlows.v1], store: store)
            let old = try Self.send("add", in: registry, try registry.create(flow: "notes", context: nil))
            #expect(try Self.presentations(old) == ["root", "push"])
            return old
        }
        // The patched code, same version: the old session keeps its
        // pushed editor, then takes the patch live.
        let patchedLive = try withFileStore(in: directory) { store in
            let registry = SessionRegistry(flows: [NotesFlows.patchedV1], store: store)
            #expect(try registry.document(of: old.id).document == old.document)
            _ = try Self.send("save", in: registry, old)
            let patchedLive = try Self.send("add", in: registry, try registry.document(of: old.id))
            #expect(try Self.presentations(patchedLive) == ["root", "sheet"])
            let records = try store.records(of: old.id, after: 0).map { String(decoding: $0.body, as: UTF8.self) }
            #expect(records.map { $0.contains(#""patches":["sheet-editor"]"#) } == [false, false, false, true])
            return patchedLive
        }
        try withFileStore(in: directory) { store throws in
            let registry = SessionRegistry(flows: [NotesFlows.patchedV1], store: store)
            #expect(try registry.document(of: old.id).document == patchedLive.document)
        }
    }
}
