import Coordination
import FileStore
import FlowTestSupport
import Foundation
import PostgresStore
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import NavigationServerRuntime

/// `navigation-server journal migrate`: every live session of a retired
/// version taken over in one pass over a stopped server's directory, with
/// the server's own migrations; refused while a server holds the directory.
@Suite("journal migrate", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct JournalMigrateTests {
    private static let flows = [NotesFlows.v1, NotesFlows.v2MigratingFromV1]
    private static let retiringV1 = [FlowVersionSelection(flow: "notes", version: 1)]

    @Test func everySessionOfARetiredVersionIsTakenOverOrLeftGone() throws {
        let data = try LaunchedServer.freshDirectory().path
        var ids: [String] = []
        do {
            let store = try FileStore(directory: data)
            defer { store.close() }
            let registry = SessionRegistry(flows: [NotesFlows.v1], store: store)
            for draft in ["", "", "end"] { ids.append(try registry.create(flow: "notes", context: ["draft": .string(draft)]).id) }
            try registry.end(try registry.create(flow: "notes", context: nil).id)
        }
        #expect(try JournalMigrateCommand.run(dataDirectory: data, flows: Self.flows, retired: Self.retiringV1) == 0)
        let store = try FileStore(directory: data)
        defer { store.close() }
        let kinds = try ids.map { try store.records(of: $0, after: 0).map(\.kind) }
        #expect(kinds == [[.created, .migrated], [.created, .migrated], [.created]])
        // A second pass finds nothing of version 1 left but the ended one.
        store.close()
        #expect(try JournalMigrateCommand.run(dataDirectory: data, flows: Self.flows, retired: Self.retiringV1) == 0)
    }

    /// On PostgreSQL the same pass runs beside the instances (its appends
    /// are conditional): every live session of the retired version is
    /// taken over, and a second pass finds none left.
    @Test func aPostgresStoresSessionsOfARetiredVersionAreTakenOver() throws {
        let url = try PostgresTestCluster.shared().createDatabase()
        let postgres = try #require(PostgresURL(url))
        let store = PostgresStore(url: postgres)
        defer { store.close() }
        let registry = SessionRegistry(flows: [NotesFlows.v1], store: store)
        var ids: [String] = []
        for draft in ["", "end"] { ids.append(try registry.create(flow: "notes", context: ["draft": .string(draft)]).id) }
        #expect(try JournalMigrateCommand.run(postgres: postgres, flows: Self.flows, retired: Self.retiringV1) == 0)
        let kinds = try ids.map { try store.records(of: $0, after: 0).map(\.kind) }
        #expect(kinds == [[.created, .migrated], [.created]])
        #expect(try JournalMigrateCommand.run(postgres: postgres, flows: Self.flows, retired: Self.retiringV1) == 0)
        #expect(try store.records(of: ids[0], after: 0).count == 2)
    }

    /// An instance changes a session between the pass's read and its
    /// `migrated` append: the append loses the race, and the session is
    /// read again and migrated from where the instance left it (the editor
    /// it opened), not refused and not migrated from the older read.
    @Test func aSessionChangedElsewhereDuringItsMigrationIsMigratedFromWhereTheChangeLeftIt() throws {
        let store = InterferingStore()
        let instance = SessionRegistry(flows: [NotesFlows.v1], store: store)
        let id = try instance.create(flow: "notes", context: nil).id
        store.beforeNextAppend(of: .migrated) { _ = try? instance.open(link: "/editor", in: id) }
        let hosted = try JournalMigrateCommand.hostedFlows(Self.flows, retired: Self.retiringV1)
        #expect(try JournalMigrateCommand.migrate(store, sessions: store.sessions(), hosted: hosted, retired: Self.retiringV1) == 0)
        #expect(store.conflictCount.load(ordering: .relaxed) == 1)
        let records = try store.records(of: id, after: 0)
        #expect(records.map(\.kind) == [.created, .link, .migrated])
        guard case .migrated(let start, let fromVersion) = try JournalEntry(records[2]) else {
            Issue.record("the third record is not a migration")
            return
        }
        #expect(fromVersion == 1)
        #expect(start.context["draft"] == .string("migrated from the editor"))
    }

    @Test func aRunningServerOrAVersionThatCannotBeRetiredIsRefused() throws {
        let data = try LaunchedServer.freshDirectory().path
        let store = try FileStore(directory: data)
        let held = #expect(throws: JournalCommandError.self) {
            try JournalMigrateCommand.run(dataDirectory: data, flows: Self.flows, retired: Self.retiringV1)
        }
        #expect(held?.exitStatus == 1)
        store.close()
        let everyVersion = #expect(throws: JournalCommandError.self) {
            try JournalMigrateCommand.run(dataDirectory: data, flows: [NotesFlows.v1], retired: Self.retiringV1)
        }
        #expect(
            everyVersion
                == .usage("--retire-flow retires every hosted version of flow 'notes'; keep one that new and migrated sessions start on"))
    }

    @Test func theExecutableNeedsTheVersionsItRetires() throws {
        let data = try LaunchedServer.freshDirectory().path
        let missing = try JournalCommandRun(["migrate", "--data", data])
        #expect(missing.status == 2)
        #expect(missing.error.hasPrefix("navigation-server journal: migrate needs the versions it retires: --retire-flow NAME=V"))
        let only = try JournalCommandRun(["migrate", "--data", data], environment: ["NAVIGATION_RETIRED_FLOWS": "exchange=1"])
        #expect(only.status == 2)
        #expect(only.error.contains("retires every hosted version of flow 'exchange'"), "\(only.error)")
        let elsewhere = try JournalCommandRun(["list", "--retire-flow", "exchange=1", "--data", data])
        #expect(elsewhere.status == 2)
        #expect(elsewhere.error.hasPrefix("navigation-server journal: --retire-flow is an option of migrate only"))
    }
}
