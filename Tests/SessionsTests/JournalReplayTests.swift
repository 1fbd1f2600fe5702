import Coordination
import FileStore
import Flows
import StoreTestSupport
import TestSupport
import Testing

@testable import Sessions

/// The path of a restart (docs/durability.md#the-journal): a session's records
/// go into a store as its events are accepted, come back out, decode to a
/// ``SessionRecording``, and replay to the same session.
@Suite("Replaying journals from a store", .timeLimit(.minutes(10)), .hangGuard)
struct JournalReplayTests {
    /// The session `recording` describes, rebuilt by its built-in flow.
    private static func restore(_ recording: SessionRecording) throws -> Session {
        let flow = try #require(BuiltinFlows.all.first { $0.name == recording.flow })
        #expect(recording.flowVersion == flow.version)
        return try Session(restoring: recording.sessionID, flow: flow, context: recording.context, changes: recording.changes)
    }

    private static func expectSame(_ restored: Session, as live: Session, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(restored.version == live.version, sourceLocation: sourceLocation)
        #expect(
            String(decoding: restored.document(), as: UTF8.self) == String(decoding: live.document(), as: UTF8.self),
            sourceLocation: sourceLocation)
        #expect(
            String(decoding: restored.historyDocument(since: 0), as: UTF8.self)
                == String(decoding: live.historyDocument(since: 0), as: UTF8.self),
            sourceLocation: sourceLocation)
        #expect(restored.acceptedChanges.map(\.kind) == live.acceptedChanges.map(\.kind), sourceLocation: sourceLocation)
    }

    @Test func anExchangeSessionIsRestoredFromAMemoryStore() throws {
        let store = MemoryStore()
        let live = try WalkedSession.exchange(id: Journal.id(0xE1))
        try Journal.append(WalkedSession.records(of: live), to: store)

        let recording = try SessionRecording(store.records(of: live.id, after: 0))
        #expect(recording.lastVersion == live.version)
        Self.expectSame(try Self.restore(recording), as: live)
    }

    @Test func anAppSessionIsRestoredFromAMemoryStore() throws {
        let store = MemoryStore()
        let live = try WalkedSession.app(id: Journal.id(0xA1))
        try Journal.append(WalkedSession.records(of: live), to: store)
        Self.expectSame(try Self.restore(SessionRecording(store.records(of: live.id, after: 0))), as: live)
    }

    /// A mail session through both tabs, both columns and the compose sheet:
    /// replay rebuilds the tab bar, the split view and the selected tab.
    @Test func aMailSessionIsRestoredWithItsContainers() throws {
        let store = MemoryStore()
        let live = try Session(id: Journal.id(0x3A), flow: MailFlow.flow, context: nil)
        func send(_ event: String, on name: String, _ payload: JSONObject = [:]) throws {
            let screen = live.layoutScreenID(name)
            try live.send(ClientEvent(screen: screen, event: event, payload: payload))
        }
        try send("open", on: "mailboxes", ["mailbox": "inbox"])
        try send("read", on: "messages", ["message": "m2"])
        try send("reply", on: "message")
        try send("cancel", on: "compose")
        try send("selectTab", on: "message", ["tab": "settings"])
        try send("toggleSignature", on: "mailSettings")
        try send("selectTab", on: "mailSettings", ["tab": "mail"])
        try send("read", on: "messages", ["message": "m1"])
        try send("archive", on: "message")
        try send("selectTab", on: "messages", ["tab": "settings"])
        try Journal.append(WalkedSession.records(of: live), to: store)
        let restored = try Self.restore(SessionRecording(store.records(of: live.id, after: 0)))
        Self.expectSame(restored, as: live)
        #expect(restored.layout.selectedTab == "settings")
        #expect(restored.stack.entries.map(\.screen.name) == ["mailSettings"])
    }

    /// Mail's links among its events: a link that dismisses the compose
    /// sheet, one that selects the mail tab again, one to a message moved
    /// by archive. Each is its own `link` record, and replay follows them
    /// to the same document and history.
    @Test func aMailSessionWithLinksIsRestoredWithItsContainers() throws {
        let store = MemoryStore()
        let live = try Session(id: Journal.id(0x3B), flow: MailFlow.flow, context: nil)
        func send(_ event: String, on name: String, _ payload: JSONObject = [:]) throws {
            try live.send(ClientEvent(screen: live.layoutScreenID(name), event: event, payload: payload))
        }
        try live.open(link: "/messages/m2")
        try send("reply", on: "message")
        try live.open(link: "/mailboxes/archive")
        try send("read", on: "messages", ["message": "m4"])
        try send("selectTab", on: "message", ["tab": "settings"])
        try live.open(link: "/messages/m1")
        try send("archive", on: "message")
        try live.open(link: "/messages/m1")
        let records = WalkedSession.records(of: live)
        #expect(records.filter { $0.kind == .link }.count == 4)
        try Journal.append(records, to: store)
        let restored = try Self.restore(SessionRecording(store.records(of: live.id, after: 0)))
        Self.expectSame(restored, as: live)
        #expect(restored.layout.selectedTab == "mail")
        #expect(restored.stack.entries.map(\.screen.name) == ["mailboxes", "messages", "message"])
        let shown = try JSONParser.parse(restored.document())["stack"]?.arrayValue
        #expect(shown?[1]["params"]?["mailbox"] == "archive")
        #expect(shown?[2]["params"]?["id"] == "m1")
    }

    /// Appended as a server appends them, one record per accepted event, and
    /// read back after every one.
    @Test func everyVersionOfAJournalAppendedEventByEventRestores() throws {
        let store = MemoryStore()
        let id = Journal.id(0xE2)
        let live = try Session(id: id, flow: ExchangeFlow.flow, context: nil)
        let created = JournalEntry.created(SessionStart(flow: "exchange", flowVersion: ExchangeFlow.flow.version, context: live.context))
        try store.append(created.record(sessionID: id, version: 1, time: 0), expectedVersion: 0)
        for (event, payload) in WalkedSession.exchangeSteps {
            try live.send(ClientEvent(screen: live.stack.top?.screen.id ?? "", event: event, payload: payload))
            let record = JournalEntry.event(try #require(live.acceptedEvents.last)).record(sessionID: id, version: live.version, time: 0)
            try store.append(record, expectedVersion: live.version - 1)
            Self.expectSame(try Self.restore(SessionRecording(store.records(of: id, after: 0))), as: live)
        }
    }

    /// A cache that is behind replays only the records it has not seen.
    @Test(arguments: [1, 4, 9])
    func aSessionBehindCatchesUpWithTheRecordsAfterItsVersion(_ seen: Int) throws {
        let store = MemoryStore()
        let live = try WalkedSession.exchange(id: Journal.id(0xE3))
        let records = WalkedSession.records(of: live)
        try Journal.append(records, to: store)

        let behind = try Self.restore(SessionRecording(Array(records.prefix(seen))))
        #expect(behind.version == seen)
        for record in try store.records(of: live.id, after: behind.version) {
            guard case .event(let event) = try JournalEntry(record) else {
                Issue.record("record \(record.version) is not an event")
                return
            }
            try behind.send(event, expectedVersion: record.version - 1)
        }
        Self.expectSame(behind, as: live)
    }

    @Test func anExchangeSessionSurvivesReopeningAFileStore() throws {
        let directory = TemporaryDirectory()
        let live = try WalkedSession.exchange(id: Journal.id(0xE4))
        let first = try FileStore(directory: directory.path, options: options())
        try Journal.append(WalkedSession.records(of: live), to: first)
        first.close()

        let reopened = try FileStore(directory: directory.path, options: options())
        defer { reopened.close() }
        #expect(reopened.summary(of: live.id)?.lastVersion == live.version)
        Self.expectSame(try Self.restore(SessionRecording(reopened.records(of: live.id, after: 0))), as: live)
    }

    @Test func aJournalTheFlowNoLongerReplaysIsAFlowFailure() throws {
        let store = MemoryStore()
        let id = Journal.id(0xE5)
        let live = try WalkedSession.exchange(id: id, steps: 2)
        // As if an older version of the flow had offered a currency this one does not.
        let foreign = JournalEntry.event(ClientEvent(screen: "s2", event: "close"))
        let unknown = JournalEntry.event(ClientEvent(screen: "s1", event: "select", payload: ["code": "XXX"]))
        try Journal.append(
            WalkedSession.records(of: live) + [
                foreign.record(sessionID: id, version: 4, time: 0), unknown.record(sessionID: id, version: 5, time: 0),
            ],
            to: store)
        let recording = try SessionRecording(store.records(of: id, after: 0))
        do {
            let restored = try Self.restore(recording)
            Issue.record("replayed to version \(restored.version)")
        } catch let error as NavigationError {
            #expect(error.kind == .flowFailure)
            #expect(error.detail.contains("accepted event 4 ('select' on s1)"), "\(error)")
        }
    }
}

extension Session {
    /// The id of the last screen called `name` in the document, in any tab or column.
    fileprivate func layoutScreenID(_ name: String) -> String {
        let document = (try? JSONParser.parse(self.document())) ?? .null
        var found = ""
        func visit(_ value: JSONValue) {
            if value["name"]?.stringValue == name, let id = value["id"]?.stringValue { found = id }
            for child in value.arrayValue ?? [] { visit(child) }
            for (_, member) in value.objectValue ?? JSONObject() { visit(member) }
        }
        visit(document)
        return found
    }
}
