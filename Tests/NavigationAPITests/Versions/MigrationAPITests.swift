import Coordination
import FileStore
import FlowTestSupport
import Foundation
import NavigationAPI
import Sessions
import TestSupport
import Testing

/// A retired version over HTTP: a session journaled by version 1 is taken
/// over by version 2 on its next GET after a restart that retires version
/// 1, one version later, and `If-Match` keeps working on the version it is
/// at (and refuses the one before the migration).
@Suite("Flow versions: migrations over HTTP", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct MigrationAPITests {
    @Test func aRetiredVersionIsMigratedOnItsNextGetAndIfMatchStillWorks() throws {
        let data = try LaunchedServer.freshDirectory().path
        let session = try TestServer.journaling(flows: [NotesFlows.v1], in: data) { server in
            var session = try server.client().createSession("notes")
            try server.client().apply("add", to: &session)
            return session
        }
        let store = try FileStore(directory: data)
        defer { store.close() }
        let hosted = try HostedFlows(
            [NotesFlows.v1, NotesFlows.v2MigratingFromV1], retired: [FlowVersionSelection(flow: "notes", version: 1)])
        let server = try TestServer(hosting: hosted, store: store)
        let client = server.client()

        let migrated = try client.request("GET", session.path)
        #expect(migrated.status == 200)
        #expect(migrated.header("ETag") == "\"3\"")
        let document = try #require(migrated.json)
        #expect(document["version"] == 3)
        #expect(document["id"]?.stringValue == session.id)
        #expect(document["stack"]?.arrayValue?.last?["presentation"] == "sheet")

        // The version before the migration is stale: 412, nothing changes.
        let stale = try client.send("save", to: ClientSession(id: session.id, document: document), headers: [("If-Match", "\"2\"")])
        expectProblem(stale, 412, "version-mismatch")
        let current = try client.send("save", to: ClientSession(id: session.id, document: document), headers: [("If-Match", "\"3\"")])
        #expect(current.status == 200, "\(current.text)")
        #expect(current.json?["version"] == 4)
        #expect(current.json?["stack"]?.arrayValue?.count == 1)

        let events = try #require(try client.request("GET", session.path + "/events").json)
        #expect(events["flowVersion"] == 2)
        let flows = try #require(try client.request("GET", "/v1/flows").json?["flows"]?.arrayValue)
        let versions = try #require(flows.first?["versions"]?.arrayValue)
        #expect(versions.map { $0["retired"]?.boolValue } == [true, nil])
        #expect(versions.map { $0["sessions"]?.intValue } == [0, 1])
        #expect(try server.client().metric("navigation_sessions_migrated_total") == 1)
    }
}
