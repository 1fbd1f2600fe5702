import Foundation
import JSON
import TestSupport
import Testing

/// docs/flow-files.md#serving-and-versions, "pinned to the file's content",
/// against real processes: a file flow's session records the file's SHA-256,
/// the store keeps the content, and the session replays by it after a `kill -9`
/// whether the file is still there, gone, or changed without a new version; and
/// on an instance on the same Redis that never had the file.
@Suite("Flow files: sessions pinned to the file's content", .timeLimit(.minutes(10)), .hangGuard)
struct FlowFilePinningTests {
    /// A notes session: created, a note saved, the editor open again (version 4).
    private static func walkedSession(on client: TestHTTPClient) throws -> ClientSession {
        var session = try client.createSession("notes")
        try client.apply("add", to: &session)
        try client.apply("save", ["text": "milk"], to: &session)
        try client.apply("add", to: &session)
        return session
    }

    /// A server on the file store in `data`, serving the flow files of `flows`.
    private static func server(on data: String, flows: URL) throws -> LaunchedServer {
        try LaunchedServer(["--store", "file:" + data, "--flows", flows.path])
    }

    /// `session` as `client`'s server serves it: as its user last saw it.
    private static func expectServed(
        _ session: ClientSession, by client: TestHTTPClient, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let served = try client.request("GET", session.path)
        #expect(served.status == 200, "\(served.text)", sourceLocation: sourceLocation)
        #expect(served.json == session.document, "replayed by the content it started on", sourceLocation: sourceLocation)
    }

    /// The SHA-256 of the file at `url`, as coreutils' `sha256sum` spells it.
    private static func sha256(of url: URL) throws -> String {
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/sha256sum"), [url.path])
        #expect(try child.waitForExit().status == 0)
        return String(child.output.prefix(64))
    }

    @Test func theCreatedRecordHoldsTheFilesSHA256() throws {
        let notes = try FlowFileFixtures.notes
        let flows = try FlowFileFixtures.directory(["notes.json": notes])
        let data = try LaunchedServer.freshDirectory().path
        let server = try Self.server(on: data, flows: flows)
        let session = try server.client().createSession("notes")
        _ = try server.stop()
        let printed = try JournalCommandRun(["print", session.id, "--data", data])
        let sha256 = try Self.sha256(of: flows.appendingPathComponent("notes.json"))
        #expect(sha256.count == 64)
        #expect(printed.output.contains(#""flowSHA256":"\#(sha256)""#), "\(printed.output)")
    }

    @Test func aSessionReplaysAfterAKillNineOnceItsFileIsRemoved() throws {
        let flows = try FlowFileFixtures.directory(["notes.json": FlowFileFixtures.notes])
        let data = try LaunchedServer.freshDirectory().path
        let first = try Self.server(on: data, flows: flows)
        var session = try Self.walkedSession(on: first.client())
        first.killNow()
        try FileManager.default.removeItem(at: flows.appendingPathComponent("notes.json"))

        let second = try Self.server(on: data, flows: flows)
        let client = second.client()
        try Self.expectServed(session, by: client)
        try client.apply("save", ["text": "eggs"], to: &session)
        #expect(session.topParams == ["notes": ["milk", "eggs"]])
        // No new session starts on a file that is gone.
        expectProblem(try client.request("POST", "/v1/sessions", json: ["flow": "notes"]), 404, "flow-not-found")
        _ = try second.stop()
    }

    @Test func aFileChangedWithoutANewVersionKeepsOldSessionsOnTheirContent() throws {
        let notes = try FlowFileFixtures.notes
        let flows = try FlowFileFixtures.directory(["notes.json": notes])
        let data = try LaunchedServer.freshDirectory().path
        let first = try Self.server(on: data, flows: flows)
        let session = try Self.walkedSession(on: first.client())
        first.killNow()
        let changed = notes.replacingOccurrences(of: "Notes of ", with: "Jottings of ")
        #expect(changed != notes)
        try Data(changed.utf8).write(to: flows.appendingPathComponent("notes.json"))

        let second = try Self.server(on: data, flows: flows)
        let client = second.client()
        try Self.expectServed(session, by: client)
        let fresh = try client.createSession("notes")
        #expect(fresh.top?["title"] == "Jottings of you")
        _ = try second.stop()
    }

    @Test func anInstanceOnTheSameRedisWithoutTheFileServesItsSessions() throws {
        let redis = try RedisTestServer()
        let flows = try FlowFileFixtures.directory(["notes.json": FlowFileFixtures.notes])
        let withFile = try LaunchedServer(["--store", redis.url, "--flows", flows.path])
        let withoutFile = try LaunchedServer(["--store", redis.url])
        var session = try Self.walkedSession(on: withFile.client())
        let other = withoutFile.client()
        try Self.expectServed(session, by: other)
        try other.apply("save", ["text": "eggs"], to: &session)
        #expect(session.topParams == ["notes": ["milk", "eggs"]])
        #expect(try withFile.client().request("GET", session.path).json == session.document)
        _ = try withFile.stop()
        _ = try withoutFile.stop()
    }
}
