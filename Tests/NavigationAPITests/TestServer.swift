import Coordination
import Flows
import HTTPCore
import NavigationAPI
import Sessions
import Testing

@testable import NavigationServerRuntime

/// The real server, started in-process on 127.0.0.1 with a free port:
/// `HTTPServer` + `NavigationAPI` + a `SessionRegistry` of the built-in flows
/// and the test flows.
final class TestServer {
    let registry: SessionRegistry
    /// The handler the server calls; its `metrics` and `readiness` are the server's.
    let api: NavigationAPI
    let server: HTTPServer

    init(
        limits: SessionLimits = .default,
        maxBodyBytes: Int = 64 * 1024,
        flows: [Flow] = BuiltinFlows.all + TestFlows.all,
        // Replaces `flows` when given: several versions of a flow, and where new sessions start.
        hosting hosted: HostedFlows? = nil,
        options: NavigationAPI.Options = NavigationAPI.Options(),
        store: any SessionStore = MemoryStore(),
        // The registry's clock; nil: the wall clock.
        clock: TestClock? = nil,
        configure: (inout HTTPServerConfiguration) -> Void = { _ in },
        // After `configure`, so that a trailing closure still means `configure`.
        notify: @escaping @Sendable (RegistryNotice) -> Void = { _ in },
        // The built-in flows' demo services; an answer waits for their
        // outcomes as long as they take (they answer at once), so that a
        // loaded machine cannot make a login answer before its outcome.
        effects: EffectOptions = EffectOptions(performers: BuiltinFlows.performers, answerWait: 30)
    ) throws {
        let readClock: @Sendable () -> Double
        if let clock { readClock = { clock.seconds } } else { readClock = SessionRegistry.wallClockSeconds }
        if let hosted {
            registry = SessionRegistry(hosting: hosted, limits: limits, store: store, clock: readClock, notify: notify, effects: effects)
        } else {
            registry = SessionRegistry(flows: flows, limits: limits, store: store, clock: readClock, notify: notify, effects: effects)
        }
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 2
        configuration.maxBodyBytes = maxBodyBytes
        configure(&configuration)
        api = NavigationAPI(registry: registry, options: options)
        server = HTTPServer(configuration: configuration, handler: api)
        try server.start()
    }

    deinit {
        server.stop(deadline: 1)
    }

    var port: Int { server.port }

    func client() -> TestHTTPClient {
        TestHTTPClient(port: port)
    }
}

/// A session as the client tracks it between requests.
struct ClientSession {
    let id: String
    var document: JSONValue

    var path: String { "/v1/sessions/\(id)" }
    var version: Int { document["version"]?.intValue ?? -1 }
    var stack: [JSONValue] { document["stack"]?.arrayValue ?? [] }
    var top: JSONValue? { stack.last }
    var topID: String { top?["id"]?.stringValue ?? "" }
    var topName: String { top?["name"]?.stringValue ?? "" }
    var topParams: JSONValue? { top?["params"] }
    var topEvents: [String] { top?["events"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? [] }
    var stackNames: [String] { stack.compactMap { $0["name"]?.stringValue } }

    /// The coordinator types of the live tree, depth first.
    var coordinatorTypes: [String] {
        var types: [String] = []
        func visit(_ node: JSONValue) {
            if let type = node["type"]?.stringValue { types.append(type) }
            for child in node["children"]?.arrayValue ?? [] { visit(child) }
        }
        if let root = document["coordinators"] { visit(root) }
        return types
    }
}

extension TestHTTPClient {
    /// Starts a session and checks the 201 contract.
    func createSession(
        _ flow: String, context: JSONValue? = nil, headers: [(String, String)] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ClientSession {
        var body: JSONObject = ["flow": .string(flow)]
        if let context { body["context"] = context }
        let response = try request("POST", "/v1/sessions", json: .object(body), headers: headers)
        try #require(response.status == 201, "create \(flow): \(response.text)", sourceLocation: sourceLocation)
        let document = try #require(response.json, sourceLocation: sourceLocation)
        let id = try #require(document["id"]?.stringValue, sourceLocation: sourceLocation)
        return ClientSession(id: id, document: document)
    }

    /// Sends an event to the session's top screen.
    func send(
        _ event: String, _ payload: JSONValue? = nil, to session: ClientSession, screen: String? = nil,
        headers: [(String, String)] = []
    ) throws -> TestResponse {
        var body: JSONObject = ["screen": .string(screen ?? session.topID), "event": .string(event)]
        if let payload { body["payload"] = payload }
        return try request("POST", session.path + "/events", json: .object(body), headers: headers)
    }

    /// Sends an event that must be accepted and updates `session`; then
    /// reads `GET .../events` to check the version the answer has.
    @discardableResult
    func apply(
        _ event: String, _ payload: JSONValue? = nil, to session: inout ClientSession,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ClientSession {
        let previous = session.version
        let response = try send(event, payload, to: session)
        try #require(response.status == 200, "\(event) on \(session.topName): \(response.text)", sourceLocation: sourceLocation)
        session.document = try #require(response.json, sourceLocation: sourceLocation)
        // One version for the event, and one more per outcome of an effect it started (a login) that the answer shows.
        let changes = try #require(
            request("GET", session.path + "/events?since=\(previous)").json?["events"]?.arrayValue, sourceLocation: sourceLocation)
        let outcomes = changes.filter { $0["outcome"] != nil && ($0["version"]?.intValue ?? .max) <= session.version }.count
        #expect(session.version == previous + 1 + outcomes, "\(event): \(changes)", sourceLocation: sourceLocation)
        #expect(response.header("ETag") == "\"\(session.version)\"", sourceLocation: sourceLocation)
        return session
    }

    /// An `exchange` session after select USD (v2), convert 100 (v3) and
    /// back (v4): events, a push and a pop to read back.
    func walkedExchange() throws -> ClientSession {
        var session = try createSession("exchange")
        try apply("select", ["code": "USD"], to: &session)
        try apply("convert", ["amount": 100], to: &session)
        try apply("back", to: &session)
        return session
    }

    /// The session's current version as `GET` reports it.
    func version(of session: ClientSession) throws -> Int {
        try request("GET", session.path).json?["version"]?.intValue ?? -1
    }
}

/// Checks that `response` is the problem+json a client expects.
func expectProblem(
    _ response: TestResponse, _ status: Int, _ type: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
    #expect(response.header("Content-Type") == "application/problem+json; charset=utf-8", sourceLocation: sourceLocation)
    let body = response.json
    #expect(body?["type"]?.stringValue == "urn:navigation-server:problem:" + type, "\(response.text)", sourceLocation: sourceLocation)
    #expect(body?["status"]?.intValue == status, sourceLocation: sourceLocation)
    #expect(body?["title"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(body?["detail"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
}
