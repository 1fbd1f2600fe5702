import Coordination
import FileStore
import FlowTestSupport
import Sessions
import StoreTestSupport
import TestSupport
import Testing

/// docs/writing-flows.md#changing-a-flow, "A migration: moving sessions forward
/// on purpose": a retired version's sessions are taken over by a newer version
/// when next used, keep their id, keep growing their version, and replay from
/// the migration after a restart.
@Suite("Flow versions: migrations", .timeLimit(.minutes(10)), .hangGuard)
struct MigrationRegistryTests {
    private static func document(_ snapshot: SessionSnapshot) throws -> JSONValue {
        try JSONParser.parse(snapshot.document)
    }

    private static func names(_ snapshot: SessionSnapshot) throws -> [String] {
        try #require(try document(snapshot)["stack"]?.arrayValue).compactMap { $0["name"]?.stringValue }
    }

    private static func send(_ event: String, in registry: SessionRegistry, _ snapshot: SessionSnapshot) throws -> SessionSnapshot {
        let stack = try #require(try document(snapshot)["stack"]?.arrayValue)
        return try registry.send(ClientEvent(screen: try #require(stack.last?["id"]?.stringValue), event: event), to: snapshot.id)
    }

    /// Sessions journaled by version 1: one on the list, one in the editor,
    /// one whose draft asks the migration to end it.
    private static func journal(
        in directory: TemporaryDirectory
    ) throws -> (list: SessionSnapshot, editor: SessionSnapshot, ending: SessionSnapshot) {
        let store = try FileStore(directory: directory.path)
        defer { store.close() }
        let registry = SessionRegistry(flows: [NotesFlows.v1], store: store)
        let list = try registry.create(flow: "notes", context: nil)
        let editor = try send("add", in: registry, try registry.create(flow: "notes", context: nil))
        let ending = try registry.create(flow: "notes", context: ["draft": "end"])
        return (list, editor, ending)
    }

    private static func retiringV1(_ store: any SessionStore, notices: LockedBox<[RegistryNotice]>? = nil) throws -> SessionRegistry {
        let hosted = try HostedFlows(
            [NotesFlows.v1, NotesFlows.v2MigratingFromV1], retired: [FlowVersionSelection(flow: "notes", version: 1)])
        return SessionRegistry(hosting: hosted, store: store, notify: { notice in notices?.withLock { $0.append(notice) } })
    }

    @Test func aRetiredVersionsSessionIsTakenOverWhenNextUsed() throws {
        let directory = TemporaryDirectory()
        let old = try Self.journal(in: directory)
        let store = try FileStore(directory: directory.path)
        defer { store.close() }
        let notices = LockedBox<[RegistryNotice]>([])
        let registry = try Self.retiringV1(store, notices: notices)
        #expect(registry.flowOverviews().first?.versions.map(\.sessions) == [3, 0])

        // The editor's session starts on version 2 at the link, one version later.
        let editor = try registry.document(of: old.editor.id)
        #expect(editor.id == old.editor.id)
        #expect(editor.version == old.editor.version + 1)
        #expect(try Self.names(editor) == ["list", "editor"])
        #expect(try Self.document(editor)["stack"]?.arrayValue?.last?["presentation"] == "sheet")
        #expect(try Self.document(editor)["stack"]?.arrayValue?.first?["params"]?["draft"] == "migrated from the editor")
        // Version 2's code from now on: save dismisses the sheet.
        let saved = try Self.send("save", in: registry, editor)
        #expect(saved.version == editor.version + 1)
        #expect(try Self.names(saved) == ["list"])

        let list = try registry.document(of: old.list.id)
        #expect(list.version == 2)
        #expect(try Self.names(list) == ["list"])

        // The migration ended this one: 410, nothing journaled.
        let error = #expect(throws: NavigationError.self) { try registry.document(of: old.ending.id) }
        #expect(error?.kind == .flowChanged)
        #expect(error?.detail.contains("version 2 ended the session") == true, "\(error?.detail ?? "")")
        #expect(try store.summary(of: old.ending.id)?.lastVersion == 1)

        #expect(registry.flowOverviews().first?.versions.map(\.sessions) == [1, 2])
        #expect(registry.flowOverviews().first?.versions.map(\.isRetired) == [true, false])
        #expect(registry.statistics.migrated == 2)
        let migrated = notices.withLock { $0 }.filter { if case .migrated = $0 { true } else { false } }
        #expect(migrated.count == 2)
        let record = try #require(try store.records(of: old.list.id, after: 1).first)
        #expect(record.kind == .migrated)
        // The older version, then the digest of the document it starts on.
        #expect(String(decoding: record.body, as: UTF8.self).contains(#""fromVersion":1,"digest":""#))
    }

    @Test func aMigratedSessionReplaysFromItsMigrationAfterARestart() throws {
        let directory = TemporaryDirectory()
        let old = try Self.journal(in: directory)
        var saved: SessionSnapshot
        do {
            let store = try FileStore(directory: directory.path)
            defer { store.close() }
            let registry = try Self.retiringV1(store)
            saved = try Self.send("save", in: registry, try registry.document(of: old.editor.id))
            saved = try Self.send("add", in: registry, saved)
        }
        // Version 2 alone, without version 1's code: the journal starts it at the migration.
        let store = try FileStore(directory: directory.path)
        defer { store.close() }
        let registry = SessionRegistry(flows: [NotesFlows.v2], store: store)
        #expect(try registry.document(of: old.editor.id).document == saved.document)
        #expect(registry.flowOverviews().first?.versions.map(\.sessions) == [1])
        let events = try registry.events(of: old.editor.id, since: 0)
        #expect(events.flowVersion == 2)
        #expect(events.events.map(\.version) == [old.editor.version + 2, old.editor.version + 3])
    }

    @Test func aVersionRetiredWithoutAMigrationEndsItsSessions() throws {
        let directory = TemporaryDirectory()
        let old = try Self.journal(in: directory)
        let store = try FileStore(directory: directory.path)
        defer { store.close() }
        let hosted = try HostedFlows([NotesFlows.v1, NotesFlows.v2], retired: [FlowVersionSelection(flow: "notes", version: 1)])
        let registry = SessionRegistry(hosting: hosted, store: store)
        let error = #expect(throws: NavigationError.self) { try registry.document(of: old.list.id) }
        #expect(error?.kind == .flowChanged)
        #expect(error?.detail.contains("no hosted version migrates its sessions") == true)
        // New sessions never start on a retired version.
        #expect(try registry.create(flow: "notes", context: nil).version == 1)
        #expect(registry.flow(named: "notes")?.version == 2)
        let refused = #expect(throws: NavigationError.self) { try registry.create(flow: "notes", version: 1, context: nil) }
        #expect(refused?.detail == "version 1 of flow 'notes' is retired; sessions start on versions: 2")
    }

    @Test func retirementsAreChecked() {
        let flows = [NotesFlows.v1, NotesFlows.v2]
        #expect(throws: HostedFlowsError.everyVersionRetired("notes")) {
            try HostedFlows(
                flows, retired: [FlowVersionSelection(flow: "notes", version: 1), FlowVersionSelection(flow: "notes", version: 2)])
        }
        #expect(throws: HostedFlowsError.unknownRetired(flow: "notes", version: 3, hosted: [1, 2])) {
            try HostedFlows(flows, retired: [FlowVersionSelection(flow: "notes", version: 3)])
        }
        #expect(throws: HostedFlowsError.selectedRetired(flow: "notes", version: 1)) {
            try HostedFlows(
                flows, selections: [FlowVersionSelection(flow: "notes", version: 1)],
                retired: [FlowVersionSelection(flow: "notes", version: 1)])
        }
    }
}
