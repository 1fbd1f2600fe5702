import Foundation
import JSON
import TestSupport
import Testing

/// docs/flow-files.md#reloading-with-sighup: a new version is hosted from then
/// on (new sessions start on it, live ones keep theirs); a file changed without
/// a new version is refused with a log line and the loaded one stays; a
/// directory with a problem changes nothing.
@Suite("Flow files: reloaded at SIGHUP", .timeLimit(.minutes(10)), .hangGuard)
struct FlowFileReloadTests {
    /// notes.json as version `version`, its list titled `title` instead of "Notes of".
    private static func notes(version: Int, title: String = "Notes of ") throws -> String {
        try FlowFileFixtures.notes
            .replacingOccurrences(of: "\"version\": 1,", with: "\"version\": \(version),")
            .replacingOccurrences(of: "Notes of ", with: title)
    }

    /// A server on `flows`, logging JSON lines.
    private static func server(_ flows: URL) throws -> LaunchedServer {
        try LaunchedServer(["--flows", flows.path, "--log-format", "json"])
    }

    /// The server's log lines whose message is `message`.
    private static func logged(_ message: String, by server: LaunchedServer) -> [JSONValue] {
        server.child.errorOutput.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
            .filter { $0["msg"]?.stringValue == message }
    }

    /// Sends SIGHUP and waits for the reload's summary line (`message`).
    private static func hangUp(_ server: LaunchedServer, until message: String) throws -> JSONValue {
        let before = logged(message, by: server).count
        server.child.signal(SIGHUP)
        try server.child.wait(for: "'\(message)' after SIGHUP") { _ in logged(message, by: server).count > before }
        return try #require(logged(message, by: server).last)
    }

    private static func notesVersions(on client: TestHTTPClient) throws -> (current: Int?, versions: [Int]) {
        let flows = try #require(try client.request("GET", "/v1/flows").json?["flows"]?.arrayValue)
        let notes = try #require(flows.first { $0["name"] == "notes" })
        let versions = notes["versions"]?.arrayValue?.compactMap { $0["version"]?.intValue } ?? []
        return (notes["version"]?.intValue, versions)
    }

    @Test func aNewVersionIsHostedAndNewSessionsStartOnItWhileLiveOnesKeepTheirs() throws {
        let flows = try FlowFileFixtures.directory(["notes.json": try Self.notes(version: 1)])
        let server = try Self.server(flows)
        let client = server.client()
        var old = try client.createSession("notes")
        try Data(try Self.notes(version: 2, title: "Jottings of ").utf8).write(to: flows.appendingPathComponent("notes-2.json"))

        let summary = try Self.hangUp(server, until: "flow files reloaded")
        #expect(summary["added"] == "notes@2", "\(summary)")
        #expect(summary["unchanged"] == 1, "\(summary)")
        #expect(try Self.notesVersions(on: client).current == 2)
        #expect(try Self.notesVersions(on: client).versions == [1, 2])
        let fresh = try client.createSession("notes")
        #expect(fresh.top?["title"] == "Jottings of you")
        try client.apply("add", to: &old)
        try client.apply("save", ["text": "milk"], to: &old)
        #expect(old.top?["title"] == "Notes of you", "the live session stays on version 1")
        #expect(try client.request("GET", "/v1/sessions/\(old.id)/events").json?["flowVersion"] == 1)

        // A second SIGHUP with nothing new adds nothing.
        let again = try Self.hangUp(server, until: "flow files reloaded")
        #expect(again["added"] == "none", "\(again)")
        #expect(again["unchanged"] == 2, "\(again)")
        _ = try server.stop()
    }

    @Test func aFileChangedWithoutANewVersionIsRefusedAndTheLoadedOneStays() throws {
        let flows = try FlowFileFixtures.directory(["notes.json": try Self.notes(version: 1)])
        let server = try Self.server(flows)
        try Data(try Self.notes(version: 1, title: "Jottings of ").utf8).write(to: flows.appendingPathComponent("notes.json"))

        let summary = try Self.hangUp(server, until: "flow files reloaded")
        #expect(summary["refused"] == "notes@1", "\(summary)")
        let refusal = try #require(Self.logged("flow file changed without a new version", by: server).last)
        #expect(refusal["file"]?.stringValue == flows.appendingPathComponent("notes.json").path)
        #expect(refusal["flow"] == "notes")
        #expect(refusal["version"] == 1)
        #expect(try server.client().createSession("notes").top?["title"] == "Notes of you")
        _ = try server.stop()
    }

    @Test func aDirectoryWithAProblemChangesNothing() throws {
        let flows = try FlowFileFixtures.directory(["notes.json": try Self.notes(version: 1)])
        let server = try Self.server(flows)
        try Data(try Self.notes(version: 2).utf8).write(to: flows.appendingPathComponent("notes-2.json"))
        try Data(FlowFileFixtures.brokenTwice.utf8).write(to: flows.appendingPathComponent("broken.json"))

        let summary = try Self.hangUp(server, until: "flow files not reloaded")
        #expect(summary["problems"] == 2, "\(summary)")
        let problems = Self.logged("flow file problem", by: server)
        #expect(problems.count == 2)
        #expect(problems.allSatisfy { $0["file"]?.stringValue == flows.appendingPathComponent("broken.json").path })
        #expect(problems.contains { $0["pointer"] == "/coordinators/Main/start/1" })
        #expect(try Self.notesVersions(on: server.client()).versions == [1], "notes-2.json is not hosted either")
        _ = try server.stop()
    }

    @Test func aRemovedFileLeavesItsVersionHosted() throws {
        let flows = try FlowFileFixtures.directory(["notes.json": try Self.notes(version: 1)])
        let server = try Self.server(flows)
        var session = try server.client().createSession("notes")
        try FileManager.default.removeItem(at: flows.appendingPathComponent("notes.json"))
        let summary = try Self.hangUp(server, until: "flow files reloaded")
        #expect(summary["gone"] == "notes@1", "\(summary)")
        try server.client().apply("add", to: &session)
        _ = try server.client().createSession("notes")
        _ = try server.stop()
    }

    @Test func aSIGHUPWithoutFlowsIsLoggedAndTheServerServesOn() throws {
        let server = try LaunchedServer(["--log-format", "json"])
        let ignored = try Self.hangUp(server, until: "SIGHUP ignored")
        #expect(ignored["detail"] == "there is no --flows directory to read again")
        #expect(try server.client().request("GET", "/healthz").status == 200)
        _ = try server.stop()
    }
}
