import Coordination
import FlowTestSupport
import Foundation
import RedisStore
import Sessions
import TestSupport
import Testing

/// Mixed fleets (docs/operations.md#rolling-deploys-on-redis) over HTTP against
/// real servers on one redis-server: an instance hosting version 1 and one
/// hosting 1 and 2 (in-process, so that each renews its lease when the test
/// says); and the `navigation-server` executable's own lease, renewed on its
/// timer, released at SIGTERM before the drain, and running out after a
/// `kill -9`.
@Suite("Mixed fleets over HTTP", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct MixedFleetAPITests {
    private static func server(_ flows: [Flow], on redis: RedisTestServer) throws -> TestServer {
        try TestServer(flows: flows, store: RedisStore(url: try #require(RedisURL(redis.url)), idleTimeout: 3600))
    }

    /// A new `notes` session on `client` (on `version`, when given): its
    /// id and the version of the flow it started on.
    private static func create(
        on client: TestHTTPClient, version: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (id: String, flowVersion: Int?) {
        var body: JSONObject = ["flow": "notes"]
        if let version { body["version"] = .number(Double(version)) }
        let response = try client.request("POST", "/v1/sessions", json: .object(body))
        try #require(response.status == 201, "\(response.text)", sourceLocation: sourceLocation)
        let id = try #require(response.json?["id"]?.stringValue, sourceLocation: sourceLocation)
        return (id, try client.request("GET", "/v1/sessions/\(id)/events").json?["flowVersion"]?.intValue)
    }

    private static func currentVersion(on client: TestHTTPClient) throws -> Int? {
        let flows = try #require(try client.request("GET", "/v1/flows").json?["flows"]?.arrayValue)
        return flows.first { $0["name"] == "notes" }?["version"]?.intValue
    }

    private static func expectUnavailable(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) {
        expectProblem(response, 503, "flow-version-unavailable", sourceLocation: sourceLocation)
        #expect(response.header("Retry-After").flatMap(Int.init).map { $0 >= 1 } == true, sourceLocation: sourceLocation)
    }

    @Test func newSessionsStayOnVersion1UntilTheOldInstanceIsGoneAndAVersion2SessionIsNotTouchedByIt() throws {
        let redis = try RedisTestServer()
        let old = try Self.server([NotesFlows.v1], on: redis)
        let new = try Self.server([NotesFlows.v1, NotesFlows.v2], on: redis)
        for instance in [old, new, old] { try instance.registry.renewFleetLease(forSeconds: 60) }
        let (oldClient, newClient) = (old.client(), new.client())
        #expect(try Self.create(on: newClient).flowVersion == 1)
        #expect(try Self.create(on: oldClient).flowVersion == 1)
        #expect(try Self.currentVersion(on: newClient) == 1)
        #expect(try newClient.metric("navigation_fleet_instances") == 2)

        // A client asks the new instance for version 2, then reaches the old one.
        let pinned = try Self.create(on: newClient, version: 2)
        #expect(pinned.flowVersion == 2)
        let records = "{nav:\(pinned.id)}:r"
        let recorded = try redis.command(["LRANGE", records, "0", "-1"])
        let document = try newClient.request("GET", "/v1/sessions/\(pinned.id)")
        let list = try #require(document.json?["stack"]?.arrayValue?.first?["id"]?.stringValue)
        Self.expectUnavailable(try oldClient.request("GET", "/v1/sessions/\(pinned.id)"))
        let event: JSONValue = ["screen": .string(list), "event": "add"]
        Self.expectUnavailable(try oldClient.request("POST", "/v1/sessions/\(pinned.id)/events", json: event))
        Self.expectUnavailable(try oldClient.request("POST", "/v1/sessions", json: ["flow": "notes", "version": 2]))
        #expect(try redis.command(["LRANGE", records, "0", "-1"]) == recorded, "the old instance wrote nothing")
        #expect(try newClient.request("GET", "/v1/sessions/\(pinned.id)").body == document.body)
        #expect(try newClient.request("POST", "/v1/sessions/\(pinned.id)/events", json: event).status == 200)

        // The old instance stops (as its SIGTERM does): new sessions move to version 2.
        old.registry.releaseFleetLease()
        old.server.stop(deadline: 1)
        try new.registry.renewFleetLease(forSeconds: 60)
        #expect(try Self.create(on: newClient).flowVersion == 2)
        #expect(try Self.currentVersion(on: newClient) == 2)
        #expect(try newClient.metric("navigation_fleet_instances") == 1)
    }

    /// The lease is renewed on the executable's timer and released at
    /// SIGTERM at once: gone while the server still drains.
    @Test func theExecutableRenewsItsLeaseAndReleasesItAtSIGTERM() throws {
        let redis = try RedisTestServer()
        let server = try LaunchedServer(["--store", redis.url, "--instance-lease", "2", "--drain-seconds", "30"])
        let first = try Self.leaseDeadlines(redis)
        #expect(first.count == 1, "the lease is taken before the server listens")
        try waitUntil("a renewal", pollingEvery: 0.05) { try Self.leaseDeadlines(redis).first ?? 0 > first[0] }
        server.child.signal(SIGTERM)
        try waitUntil("the lease to be released", pollingEvery: 0.02) { try Self.leaseDeadlines(redis).isEmpty }
        #expect(server.process.isRunning, "released before the drain, not at the exit")
        let (status, log) = try server.stop(SIGTERM)
        #expect(status == 0)
        #expect(log.contains { $0.contains("instance lease") }, "\(log)")
    }

    /// A killed instance releases nothing: its lease ends at most
    /// `--instance-lease` after its last renewal, and the other instances
    /// stop counting it then.
    @Test func aKilledInstancesLeaseRunsOutWithinTheLease() throws {
        let redis = try RedisTestServer()
        let server = try LaunchedServer(["--store", redis.url, "--instance-lease", "1"])
        let other = try Self.server([NotesFlows.v1], on: redis)
        try other.registry.renewFleetLease(forSeconds: 60)
        #expect(other.registry.fleetInstanceCount == 2)
        server.killNow()
        let now = Date().timeIntervalSince1970 * 1000
        let deadlines = try Self.leaseDeadlines(redis)
        #expect(deadlines.count == 2)
        #expect(
            deadlines.min().map { $0 <= now + 1_000 + 100 } == true, "the killed instance's lease ends within 1 s: \(deadlines), now \(now)"
        )
        try waitUntil("the killed instance's lease to run out", pollingEvery: 0.05) {
            try other.registry.renewFleetLease(forSeconds: 60)
            return other.registry.fleetInstanceCount == 1
        }
    }

    /// Each lease's deadline (ms since 1970, Redis's clock), lowest first.
    private static func leaseDeadlines(_ redis: RedisTestServer) throws -> [Double] {
        let reply = String(decoding: try redis.command(["ZRANGE", "nav:instances", "0", "-1", "WITHSCORES"]), as: UTF8.self)
        let lines = reply.split(separator: "\r\n").filter { !$0.hasPrefix("*") && !$0.hasPrefix("$") }
        return stride(from: 1, to: lines.count, by: 2).compactMap { Double(lines[$0]) }.sorted()
    }
}
