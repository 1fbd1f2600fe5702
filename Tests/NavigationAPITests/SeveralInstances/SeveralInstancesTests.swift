import Coordination
import Foundation
import RedisStore
import Sessions
import TestSupport
import Testing

/// docs/durability.md#several-instances: three `navigation-server` processes on
/// one redis-server of the test's own, 64 connections spread over them at
/// random, 200 sessions of both built-in flows.
@Suite("Several instances on one Redis", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct SeveralInstancesTests {
    static func launch(_ count: Int, on redis: RedisTestServer) throws -> [LaunchedServer] {
        try (0..<count).map { _ in try LaunchedServer(["--store", redis.url, "--create-burst", "1000"]) }
    }

    /// Three instances on one Redis with a password, the prepared sessions,
    /// and ``SharedStoreChecks/connections`` clients sending events through the instances.
    struct UnderLoad: InstancesUnderLoad {
        let redis: RedisTestServer
        let instances: [LaunchedServer]
        let sessions: [LoadedSession]
        let load: InstanceLoad

        /// Starts the load (its choices drawn from `seed`) and waits for
        /// `answers` answers.
        init(seed: UInt64, answers: Int) throws {
            redis = try RedisTestServer.secured()
            instances = try SeveralInstancesTests.launch(3, on: redis)
            (sessions, load) = try SharedStoreChecks.startLoad(on: instances, seed: seed, answers: answers)
        }

        /// A store on the instances' Redis, for the checks to read what it holds.
        func openStore() throws -> any SessionStore {
            RedisStore(url: try #require(RedisURL(redis.url)), idleTimeout: 3600)
        }
    }

    @Test func everyInstanceServesEverySessionWithNoLostUpdate() throws {
        try SharedStoreChecks.everyInstanceServesEverySessionWithNoLostUpdate(try UnderLoad(seed: 20_261_201, answers: 1_500))
    }

    @Test func aGetOnOneInstanceSeesWhatAnotherAnsweredAndIfMatchHolds() throws {
        let redis = try RedisTestServer()
        try SharedStoreChecks.aGetOnOneInstanceSeesWhatAnotherAnsweredAndIfMatchHolds(try Self.launch(2, on: redis))
    }

    @Test func killingOneInstanceLosesNothingAnswered() throws {
        try SharedStoreChecks.killingOneInstanceLosesNothingAnswered(try UnderLoad(seed: 7, answers: 300), answers: 1_000, only200: true)
    }

    @Test func restartingRedisAnswers503ThenLosesNothingAnswered() throws {
        let run = try UnderLoad(seed: 11, answers: 300)
        let redis = run.redis
        try SharedStoreChecks.theStoreStoppedAnswers503ThenLosesNothingAnswered(
            "Redis", under: run, answers: 1_000, stop: { redis.stop() }, start: { try redis.start() })
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
