import Coordination
import Foundation
import RedisStore
import TestSupport
import Testing

/// DURABILITY.md, "Several instances": three `navigation-server` processes
/// on one redis-server of the test's own, 64 connections spread over them at
/// random, 200 sessions of both built-in flows.
@Suite("Several instances on one Redis", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct SeveralInstancesTests {
    static let connections = 64
    /// The version each prepared session is at (created, then one event).
    static let preparedVersion = 2

    static func launch(_ count: Int, on redis: RedisTestServer) throws -> [LaunchedServer] {
        try (0..<count).map { _ in try LaunchedServer(["--store", redis.url, "--create-burst", "1000"]) }
    }

    /// Three instances on one Redis with a password, the prepared sessions,
    /// and ``connections`` clients sending events through the instances.
    struct UnderLoad {
        let redis: RedisTestServer
        let instances: [LaunchedServer]
        let sessions: [LoadedSession]
        let load: InstanceLoad

        /// Starts the load (its choices drawn from `seed`) and waits for
        /// `answers` answers.
        init(seed: UInt64, answers: Int) throws {
            redis = try RedisTestServer.secured()
            instances = try SeveralInstancesTests.launch(3, on: redis)
            sessions = try KillNineTests.prepareSessions(instances[0].client())
            load = InstanceLoad(ports: instances.map(\.port))
            load.start(sessions, connections: SeveralInstancesTests.connections, seed: seed)
            try load.waitForAnswers(answers)
        }

        /// Checks the answered events against what Redis holds, read
        /// through the instances on `ports`.
        func verify(through ports: [Int], exactly: Bool) throws {
            let store = RedisStore(url: try #require(RedisURL(redis.url)), idleTimeout: 3600)
            defer { store.close() }
            try load.verify(
                sessions, preparedVersion: SeveralInstancesTests.preparedVersion, store: store, instances: ports, exactly: exactly)
        }
    }

    @Test func everyInstanceServesEverySessionWithNoLostUpdate() throws {
        let run = try UnderLoad(seed: 20_261_201, answers: 1_500)
        let load = run.load
        try load.finish()

        #expect(load.statuses.withLock { $0 }.keys.sorted() == [200], "every event is answered 200: \(load.statuses.withLock { $0 })")
        try run.verify(through: run.instances.map(\.port), exactly: true)
    }

    @Test func aGetOnOneInstanceSeesWhatAnotherAnsweredAndIfMatchHolds() throws {
        let redis = try RedisTestServer()
        let instances = try Self.launch(2, on: redis)
        let (first, second) = (instances[0].client(), instances[1].client())
        var session = try first.createSession("exchange")
        try second.apply("select", ["code": "USD"], to: &session)
        let calculator = session.topID
        // The second instance answered version 2; the first one knows it.
        let seen = try first.request("GET", session.path)
        #expect(seen.json?["version"]?.intValue == 2)
        let convert: JSONValue = ["screen": .string(calculator), "event": "convert", "payload": ["amount": 100]]
        let converted = try first.request("POST", session.path + "/events", json: convert, headers: [("If-Match", "\"2\"")])
        #expect(converted.status == 200)
        // The second instance's tree is at version 2: its If-Match 2 no longer holds.
        let stale = try second.request("POST", session.path + "/events", json: convert, headers: [("If-Match", "\"2\"")])
        #expect(stale.status == 412)
        #expect(stale.json?["currentVersion"]?.intValue == 3)
        #expect(try second.request("GET", session.path).body == converted.body)
    }

    @Test func killingOneInstanceLosesNothingAnswered() throws {
        let run = try UnderLoad(seed: 7, answers: 300)
        let (instances, load) = (run.instances, run.load)
        load.ports.withLock { $0.removeAll { $0 == instances[2].port } }
        instances[2].killNow()
        try load.waitForAnswers(1_000, "the other instances to carry on")
        try load.finish()

        #expect(load.statuses.withLock { $0 }.keys.sorted() == [200], "\(load.statuses.withLock { $0 })")
        try run.verify(through: instances.prefix(2).map(\.port), exactly: false)
    }

    @Test func restartingRedisAnswers503ThenLosesNothingAnswered() throws {
        let run = try UnderLoad(seed: 11, answers: 300)
        let (redis, instances, load) = (run.redis, run.instances, run.load)

        redis.stop()
        try waitUntil("50 answers 503 while Redis is down") { load.statuses.withLock { $0[503] ?? 0 } >= 50 }
        let readiness = try instances[1].client().request("GET", "/readyz")
        #expect(readiness.status == 503, "/readyz while Redis is down")
        try redis.start()
        try load.waitForAnswers(1_000, "service to resume by itself")
        try load.finish()

        let statuses = load.statuses.withLock { $0 }
        #expect(statuses.keys.sorted() == [200, 503], "only 200 and 503, never a 500 or a reset: \(statuses)")
        #expect(load.problemTypes.withLock { $0 } == ["urn:navigation-server:problem:store-unavailable"])
        #expect(load.unavailableWithoutRetryAfter.withLock { $0 } == 0)
        #expect(try instances[1].client().request("GET", "/readyz").status == 200)
        try run.verify(through: instances.map(\.port), exactly: false)
    }

    @Test func aRedisPasswordIsNeverLogged() throws {
        let redis = try RedisTestServer()
        redis.stop()
        let url = "redis://navigation:s3cret-pw@127.0.0.1:\(redis.port)/2"
        let server = try LaunchedServer(["--store", url, "--log-level", "debug"])
        let client = server.client()
        let created = try client.request("POST", "/v1/sessions", json: ["flow": "exchange"])
        #expect(created.status == 503)
        #expect(created.json?["type"]?.stringValue == "urn:navigation-server:problem:store-unavailable")
        #expect(created.header("Retry-After") != nil)
        #expect(try client.request("GET", "/readyz").status == 503)
        let (status, log) = try server.stop()
        #expect(status == 0)
        #expect(log.contains { $0.contains("redis://navigation:***@127.0.0.1:\(redis.port)/2") }, "the store is named, masked")
        #expect(!log.contains { $0.contains("s3cret-pw") })

        // A mistyped URL is echoed with its password masked, from a flag or the environment.
        for (arguments, environment) in [
            (["--store", "redis://navigation:s3cret-pw@127.0.0.1:notaport"], [:]),
            ([], ["NAVIGATION_STORE": "redis://navigation:s3cret-pw@127.0.0.1:notaport"]),
        ] {
            let (status, errors) = try Self.refusedStart(arguments, environment: environment)
            #expect(status == 2)
            #expect(!errors.contains("s3cret-pw"))
            #expect(errors.contains("redis://navigation:***@127.0.0.1:notaport"), "\(errors)")
        }
    }

    /// Runs the binary with a configuration it refuses: its exit status and stderr.
    private static func refusedStart(_ arguments: [String], environment: [String: String]) throws -> (Int32, String) {
        let child = try ChildProcess(
            try ServerExecutableTests.requireExecutable(), arguments, environment: environment,
            directory: try LaunchedServer.freshDirectory())
        return (try child.waitForExit().status, child.errorOutput)
    }
}
