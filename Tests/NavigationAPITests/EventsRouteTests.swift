import Coordination
import HTTPCore
import NavigationAPI
import Sessions
import Synchronization
import TestSupport
import Testing

/// `GET /v1/sessions/{id}/events`: the journal's accepted events, read back
/// from the store.
@Suite("Events route", .timeLimit(.minutes(10)), .hangGuard)
struct EventsRouteTests {
    @Test func listsTheAcceptedEventsOldestFirst() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.walkedExchange()
        let response = try client.request("GET", session.path + "/events")
        #expect(response.status == 200, "\(response.text)")
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-store")
        let document = try #require(response.json)
        #expect(document["id"]?.stringValue == session.id)
        #expect(document["flow"] == "exchange")
        #expect(document["flowVersion"] == 1)
        #expect(document["version"] == 4)
        let events = try #require(document["events"]?.arrayValue)
        #expect(events.compactMap { $0["version"]?.intValue } == [2, 3, 4])
        #expect(events.compactMap { $0["event"]?.stringValue } == ["select", "convert", "back"])
        #expect(events.compactMap { $0["screen"]?.stringValue } == ["s1", "s2", "s2"])
        #expect(events.map { $0["payload"] } == [["code": "USD"], ["amount": 100], [:]])
        for event in events {
            let time = try #require(event["time"]?.stringValue)
            #expect(Self.isUTCMillisecondTimestamp(time), "\(time)")
        }
        #expect(Self.isUTCMillisecondTimestamp(document["created"]?.stringValue ?? ""))
    }

    @Test func sinceListsOnlyLaterVersions() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.walkedExchange()
        let sinceThree = try #require(try client.request("GET", session.path + "/events?since=3").json)
        let events = try #require(sinceThree["events"]?.arrayValue)
        #expect(events.count == 1)
        #expect(events.first?["version"] == 4)
        #expect(events.first?["event"] == "back")
        #expect(sinceThree["version"] == 4)
        let all = try #require(try client.request("GET", session.path + "/events").json?["events"])
        #expect(try client.request("GET", session.path + "/events?since=0").json?["events"] == all)
        #expect(try client.request("GET", session.path + "/events?since=1").json?["events"] == all)
        #expect(try client.request("GET", session.path + "/events?since=4").json?["events"] == [])
        #expect(try client.request("GET", session.path + "/events?since=99").json?["events"] == [])
    }

    @Test func aNewSessionHasNoEvents() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let document = try #require(try client.request("GET", session.path + "/events").json)
        #expect(document["events"] == [])
        #expect(document["version"] == 1)
    }

    @Test func headHasTheHeadersOfGetAndNoBody() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.walkedExchange()
        let get = try client.request("GET", session.path + "/events?since=2")
        let head = try client.request("HEAD", session.path + "/events?since=2")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Type") == get.header("Content-Type"))
        #expect(head.header("Cache-Control") == get.header("Cache-Control"))
        #expect(head.header("Content-Length") == get.header("Content-Length"))
        expectProblem(try client.request("GET", "/v1/sessions/" + String(repeating: "b", count: 32) + "/events"), 404, "session-not-found")
        #expect(try client.request("HEAD", "/v1/sessions/" + String(repeating: "b", count: 32) + "/events").status == 404)
    }

    @Test(arguments: ["since=-1", "since=x", "since=1.5", "since=", "since=1&since=2", "since=99999999999999999999"])
    func invalidSinceIs400(query: String) throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        expectProblem(try client.request("GET", session.path + "/events?" + query), 400, "invalid-query")
    }

    @Test func unknownAndEndedSessionsAre404() throws {
        let server = try TestServer()
        let client = server.client()
        expectProblem(
            try client.request("GET", "/v1/sessions/" + String(repeating: "a", count: 32) + "/events"), 404, "session-not-found")
        expectProblem(try client.request("GET", "/v1/sessions/not-an-id/events"), 404, "session-not-found")
        let session = try client.walkedExchange()
        #expect(try client.request("DELETE", session.path).status == 204)
        expectProblem(try client.request("GET", session.path + "/events"), 404, "session-not-found")
    }

    @Test func expiredSessionIs404() throws {
        var limits = SessionLimits()
        limits.idleTimeout = 1
        let clock = TestClock(milliseconds: 1_796_112_000_000)
        let server = try EventsServer(flows: [TestFlows.farewell], limits: limits, clock: clock)
        let client = server.client()
        let session = try client.createSession("farewell")
        #expect(try client.request("GET", session.path + "/events").status == 200)
        clock.advance(milliseconds: 2_000)
        expectProblem(try client.request("GET", session.path + "/events"), 404, "session-not-found")
    }

    @Test func timesAreTheJournalsInUTCWithMilliseconds() throws {
        let clock = TestClock(milliseconds: 1_796_112_000_000)
        let server = try EventsServer(flows: [TestFlows.farewell], clock: clock)
        let client = server.client()
        var session = try client.createSession("farewell")
        clock.advance(milliseconds: 1_250)
        try client.apply("leave", to: &session)
        let document = try #require(try client.request("GET", session.path + "/events").json)
        #expect(document["created"] == "2026-12-01T08:00:00.000Z")
        #expect(document["events"]?.arrayValue?.first?["time"] == "2026-12-01T08:00:01.250Z")
    }

    @Test func needsTheAPIKeyWhenOneIsConfigured() throws {
        let key = "events-route-key-0123456789abcdef"
        let server = try TestServer(options: NavigationAPI.Options(apiKey: APIKey(key)))
        let client = server.client()
        let authorization = [("Authorization", "Bearer " + key)]
        let session = try client.createSession("exchange", headers: authorization)
        let refused = try client.request("GET", session.path + "/events")
        expectProblem(refused, 401, "unauthorized")
        #expect(try client.request("GET", session.path + "/events", headers: authorization).status == 200)
    }

    @Test func aSessionOfAnotherFlowVersionIs410() throws {
        let store = MemoryStore()
        let old = try EventsServer(flows: [Self.farewell(version: 1)], store: store)
        var session = try old.client().createSession("farewell")
        try old.client().apply("leave", to: &session)
        let new = try EventsServer(flows: [Self.farewell(version: 2)], store: store)
        let response = try new.client().request("GET", session.path + "/events")
        expectProblem(response, 410, "flow-changed")
        #expect(response.json?["recordedFlowVersion"] == 1)
        #expect(response.json?["currentFlowVersion"] == 2)
    }

    @Test func aStoreThatCannotBeReadIs503WithRetryAfter() throws {
        let store = ReadFailingStore()
        let server = try EventsServer(flows: [TestFlows.farewell], store: store)
        let client = server.client()
        let session = try client.createSession("farewell")
        store.failsReads.store(true, ordering: .relaxed)
        let response = try client.request("GET", session.path + "/events")
        expectProblem(response, 503, "store-unavailable")
        #expect(response.header("Retry-After") == "2")
        store.failsReads.store(false, ordering: .relaxed)
        #expect(try client.request("GET", session.path + "/events").status == 200)
    }

    private static func farewell(version: Int) -> Flow {
        Flow(name: "farewell", description: "Finishes on the first event.", version: version) { environment in
            FarewellCoordinator(environment: environment)
        }
    }

    /// `2026-12-01T08:00:00.123Z`: RFC 3339, UTC, exactly three fraction digits.
    private static func isUTCMillisecondTimestamp(_ text: String) -> Bool {
        let shape = Array("dddd-dd-ddTdd:dd:dd.dddZ")
        let characters = Array(text)
        guard characters.count == shape.count else { return false }
        return zip(characters, shape).allSatisfy { character, expected in
            expected == "d" ? character.isASCII && character.isNumber : character == expected
        }
    }
}

/// A wall clock a test sets: milliseconds since 1970, in steps a `Double`
/// of seconds holds exactly (the registry's clock is in seconds).
final class TestClock: Sendable {
    private let milliseconds: Atomic<Int64>

    init(milliseconds: Int64) {
        self.milliseconds = Atomic(milliseconds)
    }

    func advance(milliseconds step: Int64) {
        milliseconds.add(step, ordering: .relaxed)
    }

    var seconds: Double { Double(milliseconds.load(ordering: .relaxed)) / 1000 }
}

/// A memory store whose reads of records fail while `failsReads` is set, as
/// a file store's do on an I/O error.
final class ReadFailingStore: SessionStore {
    let base = MemoryStore()
    let failsReads = Atomic<Bool>(false)

    func sessions() -> [SessionSummary] { base.sessions() }
    func summary(of id: String) -> SessionSummary? { base.summary(of: id) }
    func append(_ record: JournalRecord, expectedVersion: Int) throws(StoreError) {
        try base.append(record, expectedVersion: expectedVersion)
    }
    func records(of id: String, after version: Int) throws(StoreError) -> [JournalRecord] {
        if failsReads.load(ordering: .relaxed) { throw .unavailable(reason: "read error (test)") }
        return try base.records(of: id, after: version)
    }
    func drop(_ id: String) { base.drop(id) }
    func close() { base.close() }
}

/// The real server over a registry with its own store and clock, which
/// ``TestServer`` does not take.
final class EventsServer {
    let server: HTTPServer

    init(
        flows: [Flow], limits: SessionLimits = .default, store: any SessionStore = MemoryStore(),
        clock: TestClock = TestClock(milliseconds: 1_796_112_000_000)
    ) throws {
        let registry = SessionRegistry(flows: flows, limits: limits, store: store, clock: { clock.seconds })
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 2
        server = HTTPServer(configuration: configuration, handler: NavigationAPI(registry: registry))
        try server.start()
    }

    deinit {
        server.stop(deadline: 1)
    }

    func client() -> TestHTTPClient {
        TestHTTPClient(port: server.port)
    }
}
