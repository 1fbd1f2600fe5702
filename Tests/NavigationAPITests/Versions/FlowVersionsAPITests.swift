import Coordination
import FileStore
import FlowTestSupport
import Foundation
import NavigationAPI
import Sessions
import TestSupport
import Testing

/// Flow versions (docs/writing-flows.md#changing-a-flow) over HTTP, against
/// real servers: a session keeps the behaviour of the version it started on
/// after a restart on a binary that hosts a newer one, while new sessions get
/// the newer one; the create body's `version`; a rollback and a ramp;
/// `GET /v1/flows` and `/metrics` showing every hosted version.
@Suite("Flow versions over HTTP", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct FlowVersionsAPITests {
    /// Creates a `notes` session (on `version`, when given) and adds a note:
    /// returns the editor's presentation (`push` on version 1, `sheet` on 2).
    private static func addNote(
        on client: TestHTTPClient, version: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (session: ClientSession, presentation: String) {
        var body: JSONObject = ["flow": "notes"]
        if let version { body["version"] = .number(Double(version)) }
        let response = try client.request("POST", "/v1/sessions", json: .object(body))
        try #require(response.status == 201, "\(response.text)", sourceLocation: sourceLocation)
        var session = ClientSession(id: try #require(response.json?["id"]?.stringValue), document: try #require(response.json))
        try client.apply("add", to: &session, sourceLocation: sourceLocation)
        return (session, session.top?["presentation"]?.stringValue ?? "")
    }

    private static func versions(on client: TestHTTPClient) throws -> [JSONValue] {
        let flows = try #require(try client.request("GET", "/v1/flows").json?["flows"]?.arrayValue)
        return try #require(flows.first { $0["name"] == "notes" }?["versions"]?.arrayValue)
    }

    private static let manyCreates = NavigationAPI.Options(creationRate: CreationRate(perSecond: 1_000_000, burst: 1_000_000))

    @Test func aRestartOnANewerVersionKeepsLiveSessionsOnTheirOwn() throws {
        let data = try LaunchedServer.freshDirectory().path
        let old = try TestServer.journaling(flows: [NotesFlows.v1], in: data) { server in
            try (0..<3).map { _ in
                let (session, presentation) = try Self.addNote(on: server.client())
                #expect(presentation == "push")
                return session
            }
        }
        let store = try FileStore(directory: data)
        defer { store.close() }
        let server = try TestServer(flows: [NotesFlows.v1, NotesFlows.v2], store: store)
        let client = server.client()
        for var session in old {
            #expect(try client.request("GET", session.path).json == session.document)
            // Version 1's code: `save` pops the pushed editor.
            try client.apply("save", to: &session)
            #expect(session.stackNames == ["list"])
        }
        #expect(try Self.addNote(on: client).presentation == "sheet")
        let versions = try Self.versions(on: client)
        #expect(versions.map { $0["version"]?.intValue } == [1, 2])
        #expect(versions.map { $0["current"]?.boolValue } == [false, true])
        #expect(versions.map { $0["sessions"]?.intValue } == [3, 1])
        let metrics = try PrometheusTextParser(client.request("GET", "/metrics").text)
        #expect(metrics.value("navigation_flow_version_sessions", ["flow": "notes", "version": "1"]) == 3)
        #expect(metrics.value("navigation_flow_version_sessions", ["flow": "notes", "version": "2"]) == 1)
        #expect(metrics.value("navigation_flow_version_current", ["flow": "notes", "version": "1"]) == 0)
        #expect(metrics.value("navigation_flow_version_current", ["flow": "notes", "version": "2"]) == 1)
    }

    /// A handler changed without a bump: after the restart the session
    /// answers 410 `flow-changed` naming the first version whose document
    /// differs, instead of a state its user never saw; `/metrics` counts it.
    @Test func aChangedHandlerWithoutABumpAnswers410NamingTheVersion() throws {
        let data = try LaunchedServer.freshDirectory().path
        let recorded = try TestServer.journaling(flows: [NotesFlows.v1], in: data) { server in
            try Self.addNote(on: server.client()).session
        }
        let store = try FileStore(directory: data)
        defer { store.close() }
        let server = try TestServer(flows: [NotesFlows.changedV1], store: store)
        let client = server.client()
        let answer = try client.request("GET", recorded.path)
        expectProblem(answer, 410, "flow-changed")
        #expect(answer.json?["divergedAtVersion"]?.intValue == 2, "\(answer.text)")
        #expect(answer.json?["recordedFlowVersion"]?.intValue == 1)
        #expect(try client.metric("navigation_sessions_diverged_total") == 1)
        // A new session runs the code as it is now.
        #expect(try Self.addNote(on: client).presentation == "sheet")
    }

    @Test func theCreateBodyNamesAHostedVersion() throws {
        let server = try TestServer(flows: [NotesFlows.v1, NotesFlows.v2])
        let client = server.client()
        #expect(try Self.addNote(on: client, version: 1).presentation == "push")
        #expect(try Self.addNote(on: client, version: 2).presentation == "sheet")
        let unknown = try client.request("POST", "/v1/sessions", json: ["flow": "notes", "version": 7])
        expectProblem(unknown, 404, "flow-not-found")
        #expect(unknown.json?["detail"] == "this server does not host version 7 of flow 'notes'; hosted versions: 1, 2")
        for bad: JSONValue in ["2", 0, -1, 1.5, true, [1]] {
            let response = try client.request("POST", "/v1/sessions", json: ["flow": "notes", "version": bad])
            expectProblem(response, 400, "invalid-request")
            #expect(response.json?["errors"]?.arrayValue?.first?["field"] == "version", "\(response.text)")
        }
        let null = try client.request("POST", "/v1/sessions", json: ["flow": "notes", "version": .null])
        #expect(null.status == 201)
        #expect(try Self.versions(on: client).map { $0["sessions"]?.intValue } == [1, 2])
    }

    @Test func aRollbackStartsNewSessionsOnTheOlderVersion() throws {
        let hosted = try HostedFlows([NotesFlows.v1, NotesFlows.v2], selections: [FlowVersionSelection(flow: "notes", version: 1)])
        let server = try TestServer(hosting: hosted)
        let client = server.client()
        for _ in 0..<5 { #expect(try Self.addNote(on: client).presentation == "push") }
        let flows = try #require(try client.request("GET", "/v1/flows").json?["flows"]?.arrayValue)
        #expect(flows.first { $0["name"] == "notes" }?["version"] == 1)
        #expect(try Self.versions(on: client).map { $0["current"]?.boolValue } == [true, false])
    }

    @Test func aThirtyPercentRampTakesAboutThirtyPercentOfNewSessions() throws {
        // Version 1 stays current while version 2 takes 30 %.
        let hosted = try HostedFlows(
            [NotesFlows.v1, NotesFlows.v2],
            selections: [FlowVersionSelection(flow: "notes", version: 1), FlowVersionSelection(flow: "notes", version: 2, percent: 30)])
        let server = try TestServer(hosting: hosted, options: Self.manyCreates)
        let client = server.client()
        var onVersion2 = 0
        for _ in 0..<1_000 {
            let response = try client.request("POST", "/v1/sessions", json: ["flow": "notes"])
            try #require(response.status == 201, "\(response.text)")
            let id = try #require(response.json?["id"]?.stringValue)
            if try client.request("GET", "/v1/sessions/\(id)/events").json?["flowVersion"] == 2 { onVersion2 += 1 }
        }
        #expect((200...400).contains(onVersion2), "\(onVersion2) of 1,000 on the ramped version")
        let versions = try Self.versions(on: client)
        #expect(versions.map { $0["sessions"]?.intValue } == [1_000 - onVersion2, onVersion2])
        #expect(versions.map { $0["ramp"]?.intValue } == [nil, 30])
        #expect(versions.map { $0["current"]?.boolValue } == [true, false])
    }
}
