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
            (sessions, load) = try SharedStoreChecks.startLoad(
                on: instances, connections: SeveralInstancesTests.connections, seed: seed, answers: answers)
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
        try SharedStoreChecks.aGetOnOneInstanceSeesWhatAnotherAnsweredAndIfMatchHolds(try Self.launch(2, on: redis))
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
        let redis = run.redis
        try SharedStoreChecks.theStoreStoppedAnswers503ThenServiceResumes(
            "Redis", under: run.load, through: run.instances, answers: 1_000, stop: { redis.stop() }, start: { try redis.start() })
        try run.verify(through: run.instances.map(\.port), exactly: false)
    }

    @Test func aRedisPasswordIsNeverLogged() throws {
        let redis = try RedisTestServer()
        redis.stop()
        let url = "redis://navigation:s3cret-pw@127.0.0.1:\(redis.port)/2"
        let (status, log) = try SharedStoreChecks.launchOnAnUnavailableStore(url).stop()
        #expect(status == 0)
        #expect(log.contains { $0.contains("redis://navigation:***@127.0.0.1:\(redis.port)/2") }, "the store is named, masked")
        #expect(!log.contains { $0.contains("s3cret-pw") })

        // A mistyped URL is echoed with its password masked, from a flag or the environment.
        for (arguments, environment) in [
            (["--store", "redis://navigation:s3cret-pw@127.0.0.1:notaport"], [:]),
            ([], ["NAVIGATION_STORE": "redis://navigation:s3cret-pw@127.0.0.1:notaport"]),
        ] {
            let (status, errors) = try SharedStoreChecks.refusedStart(arguments, environment: environment)
            #expect(status == 2)
            #expect(!errors.contains("s3cret-pw"))
            #expect(errors.contains("redis://navigation:***@127.0.0.1:notaport"), "\(errors)")
        }
    }

}
