import Coordination
import Flows
import TestSupport
import Testing

@testable import Sessions

/// A deep link's opening in the journal: its own record kind, read back
/// and replayed like any event, next to journals written before links.
@Suite("Journal: link records", .timeLimit(.minutes(10)), .hangGuard)
struct LinkJournalTests {
    @Test func aLinkRecordRoundTripsAndReadsAsItsEvent() throws {
        let record = JournalEntry.link("/rates/USD").record(sessionID: String(repeating: "a", count: 32), version: 2, time: 7)
        #expect(record.kind == .link)
        #expect(record.kind.rawValue == 4)
        #expect(String(decoding: record.body, as: UTF8.self) == #"{"link":"/rates/USD"}"#)
        #expect(try JournalEntry(record) == .link("/rates/USD"))
        #expect(JournalEntry.accepted(ClientEvent(link: "/home")) == .link("/home"))
        #expect(JournalEntry.accepted(ClientEvent(screen: "s1", event: "next")) == .event(ClientEvent(screen: "s1", event: "next")))
    }

    @Test func aLinkRecordWithoutItsLinkIsReported() {
        let record = JournalRecord(
            sessionID: String(repeating: "b", count: 32), version: 2, kind: .link, time: 0, body: Array(#"{"path":"/x"}"#.utf8))
        #expect(throws: JournalEntryError.self) { try JournalEntry(record) }
    }

    @Test func aRestartRebuildsTheHeldLinkFromTheStore() throws {
        let store = MemoryStore()
        let first = SessionRegistry(flows: BuiltinFlows.all, store: store)
        let created = try first.create(flow: "app", context: ["onboarded": true], link: "/profile")
        #expect(created.version == 1)
        #expect(try JSONParser.parse(created.document)["pendingLink"] == "/profile")
        let opened = try first.open(link: "/settings", in: created.id, expectedVersion: 1)
        #expect(try JSONParser.parse(opened.document)["pendingLink"] == "/settings")

        // Another registry on the same store: a restart, or another instance.
        let second = SessionRegistry(flows: BuiltinFlows.all, store: store)
        let restored = try JSONParser.parse(try second.document(of: created.id).document)
        #expect(restored["version"] == 2)
        #expect(restored["pendingLink"] == "/settings")
        let events = try second.events(of: created.id, since: 0)
        #expect(events.link == "/profile")
        #expect(events.events.map(\.event) == [ClientEvent(link: "/settings")])
    }

    /// Creation and its link are one record: no crash can leave a session
    /// that was created without the link it was asked to open.
    @Test func aCreationWithALinkIsOneCreatedRecordThatReplays() throws {
        let store = MemoryStore()
        let first = SessionRegistry(flows: BuiltinFlows.all, store: store)
        let created = try first.create(flow: "exchange", context: nil, link: "/rates/JPY")
        let records = try store.records(of: created.id, after: 0)
        #expect(records.map(\.kind) == [.created])
        guard case .created(let start) = try JournalEntry(try #require(records.first)) else {
            Issue.record("the first record is not a created record")
            return
        }
        #expect(start.link == "/rates/JPY")
        let restored = try SessionRegistry(flows: BuiltinFlows.all, store: store).document(of: created.id)
        #expect(restored.version == 1)
        #expect(restored.document == created.document)
    }

    @Test func aCreationWithALinkItRefusesCreatesNothing() throws {
        let store = MemoryStore()
        let registry = SessionRegistry(flows: BuiltinFlows.all, store: store)
        let error = try #require(throws: NavigationError.self) { try registry.create(flow: "exchange", context: nil, link: "/rates/XXX") }
        #expect(error.kind == .linkRejected)
        #expect(registry.count == 0)
        #expect(store.sessions().isEmpty)
    }
}
