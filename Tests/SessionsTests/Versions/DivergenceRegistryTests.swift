import Coordination
import FileStore
import FlowTestSupport
import Sessions
import StoreTestSupport
import TestSupport
import Testing

/// docs/writing-flows.md#changing-a-flow, "What the server refuses to do":
/// every change records the digest of the document it produced, and a replay
/// that ends on another document refuses the session, naming the first version
/// that differs, instead of showing a state its user never saw.
@Suite("Flow versions: divergence", .timeLimit(.minutes(10)), .hangGuard)
struct DivergenceRegistryTests {
    private static func top(_ snapshot: SessionSnapshot) throws -> String {
        let stack = try #require(try JSONParser.parse(snapshot.document)["stack"]?.arrayValue)
        return try #require(stack.last?["id"]?.stringValue)
    }

    private static func send(_ event: String, in registry: SessionRegistry, _ snapshot: SessionSnapshot) throws -> SessionSnapshot {
        try registry.send(ClientEvent(screen: top(snapshot), event: event), to: snapshot.id)
    }

    /// A notes session recorded by version 1: created (1), `add` (2, the
    /// editor pushed), `save` (3, back on the list), `add` (4); then served
    /// by `flow` after a restart.
    private static func recordThenServe(
        by flow: Flow, _ check: (SessionRegistry, SessionSnapshot) throws -> Void
    ) throws {
        let directory = TemporaryDirectory()
        let last = try withFileStore(in: directory) { store in
            let registry = SessionRegistry(flows: [NotesFlows.v1], store: store)
            var last = try registry.create(flow: "notes", context: nil)
            for event in ["add", "save", "add"] { last = try send(event, in: registry, last) }
            return last
        }
        try withFileStore(in: directory) { store in try check(SessionRegistry(flows: [flow], store: store), last) }
    }

    @Test func everyRecordKeepsTheDigestOfItsDocument() throws {
        let store = MemoryStore()
        let registry = SessionRegistry(flows: [NotesFlows.v1], store: store)
        let created = try registry.create(flow: "notes", context: nil)
        _ = try Self.send("add", in: registry, created)
        let records = try store.records(of: created.id, after: 0)
        let digests = try records.map { try JournalEntry.decoding($0).digest }
        #expect(digests.count == 2)
        #expect(digests.allSatisfy { $0 != nil })
        #expect(digests[0] != digests[1], "another document, another digest")
        #expect(String(decoding: records[1].body, as: UTF8.self).hasSuffix(#","digest":"\#(digests[1]!)"}"#))
    }

    @Test func theSameCodeReplaysToTheRecordedDocuments() throws {
        try Self.recordThenServe(by: NotesFlows.v1) { registry, last in
            let replayed = try registry.document(of: last.id).document
            #expect(replayed == last.document)
            #expect(registry.statistics.diverged == 0)
        }
    }

    @Test func aChangedHandlerWithoutABumpIsRefusedNamingTheFirstVersionThatDiffers() throws {
        try Self.recordThenServe(by: NotesFlows.changedV1) { registry, last in
            let error = #expect(throws: NavigationError.self) { try registry.document(of: last.id) }
            #expect(error?.kind == .flowChanged)
            // Version 2 is the first `add`, which version 1 pushed and this code presents.
            #expect(error?.divergedAtVersion == 2)
            #expect(error?.recordedFlowVersion == 1)
            #expect(error?.detail.contains("replays the session differently from version 2 on") == true, "\(error?.detail ?? "")")
            // Refused again, counted and reported once.
            #expect(throws: NavigationError.self) { try registry.send(ClientEvent(screen: "s1", event: "add"), to: last.id) }
            #expect(registry.statistics.diverged == 1)
            #expect(registry.statistics.flowChanged == 1)
        }
    }

    @Test func rewordedTitlesAndLabelsDoNotDiverge() throws {
        try Self.recordThenServe(by: NotesFlows.relabelledV1) { registry, last in
            let document = try JSONParser.parse(registry.document(of: last.id).document)
            #expect(document["stack"]?.arrayValue?.first?["title"] == "Write a note")
            #expect(registry.statistics.diverged == 0)
        }
    }

    /// A digest of another revision (another spelling) is not compared, and
    /// a journal written before digests existed replays as it did.
    @Test func recordsWithoutAComparableDigestAreNotCompared() throws {
        let store = MemoryStore()
        let id = Journal.id(7)
        try store.append(
            JournalRecord(
                sessionID: id, version: 1, kind: .created, time: 0,
                body: Array(#"{"flow":"notes","flowVersion":1,"context":{"draft":""},"digest":"2:0000000000000000"}"#.utf8)),
            expectedVersion: 0)
        try store.append(
            JournalEntry.event(ClientEvent(screen: "s1", event: "add")).record(sessionID: id, version: 2, time: 0), expectedVersion: 1)
        // The records' time is 0: a clock near it, so the session is not idle past its time to live.
        let registry = SessionRegistry(flows: [NotesFlows.changedV1], store: store, clock: { 1 })
        #expect(try registry.document(of: id).version == 2)
        let malformed = JournalRecord(
            sessionID: id, version: 3, kind: .event, time: 0, body: Array(#"{"screen":"s1","event":"save","payload":{},"digest":7}"#.utf8))
        #expect(throws: JournalEntryError.self) { try JournalEntry.decoding(malformed) }
    }

    /// The digest of one document, pinned: a change to how documents are
    /// rendered (or digested) changes every digest, and every live session
    /// would then diverge after the deploy. Such a change must spell its
    /// digests another way (a new revision, ``DocumentDigest``), which older
    /// records are not compared against; then this value changes with it.
    @Test func theDigestOfADocumentIsPinned() throws {
        let session = try Session(id: "pinned", flow: NotesFlows.v1, context: ["draft": "first"])
        try session.send(ClientEvent(screen: "s1", event: "add"))
        _ = session.renderedDocument()
        #expect(DocumentDigest(ofDocumentRenderedBy: session).description == "7fa65d96")
    }
}
