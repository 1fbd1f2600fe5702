import Coordination
import Foundation
import PostgresStore
import Sessions
import TestSupport
import Testing

/// docs/durability.md#on-postgresql: three `navigation-server` processes on one
/// database of the test process's PostgreSQL cluster, 64 connections spread
/// over them at random, 200 sessions of both built-in flows; as
/// ``SeveralInstancesTests`` does on Redis.
@Suite("Several instances on one PostgreSQL", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct SeveralPostgresInstancesTests {
    static func launch(_ count: Int, on url: String) throws -> [LaunchedServer] {
        try (0..<count).map { _ in try LaunchedServer(["--store", url, "--create-burst", "1000"]) }
    }

    /// Three instances on one database, the prepared sessions, and
    /// ``SharedStoreChecks/connections`` clients sending events through the instances.
    struct UnderLoad: InstancesUnderLoad {
        let cluster: PostgresTestCluster
        let url: String
        /// The URI the checks read the database at.
        let storeURL: String
        let instances: [LaunchedServer]
        let sessions: [LoadedSession]
        let load: InstanceLoad

        /// Starts the load (its choices drawn from `seed`) and waits for
        /// `answers` answers. `cluster` is the shared one unless a test
        /// stops its own; the instances use `url` when given, else a new
        /// database's; the database is read at `storeURL` when given,
        /// else at the instances' URI.
        init(
            seed: UInt64, answers: Int, cluster: PostgresTestCluster? = nil, url: String? = nil, storeURL: String? = nil
        ) throws {
            self.cluster = try cluster ?? PostgresTestCluster.shared()
            self.url = try url ?? self.cluster.createDatabase()
            self.storeURL = storeURL ?? self.url
            instances = try SeveralPostgresInstancesTests.launch(3, on: self.url)
            (sessions, load) = try SharedStoreChecks.startLoad(on: instances, seed: seed, answers: answers)
        }

        /// A store on the database at ``storeURL``, for the checks to read
        /// what it holds.
        func openStore() throws -> any SessionStore {
            PostgresStore(url: try #require(PostgresURL(storeURL)))
        }
    }

    @Test func everyInstanceServesEverySessionWithNoLostUpdate() throws {
        try SharedStoreChecks.everyInstanceServesEverySessionWithNoLostUpdate(try UnderLoad(seed: 20_261_207, answers: 1_000))
    }

    @Test func aGetOnOneInstanceSeesWhatAnotherAnsweredAndIfMatchHolds() throws {
        try SharedStoreChecks.aGetOnOneInstanceSeesWhatAnotherAnsweredAndIfMatchHolds(
            try Self.launch(2, on: try PostgresTestCluster.shared().createDatabase()))
    }

    /// A stream on the first instance, every event accepted by the second:
    /// each version arrives on the stream (`LISTEN`/`NOTIFY`), in order,
    /// then `ended` when the second instance ends the session.
    @Test func aStreamOnOneInstanceSeesEveryVersionAnotherInstanceAnswers() throws {
        try SharedStoreChecks.aStreamOnOneInstanceSeesEveryVersionAnotherInstanceAnswers(
            try Self.launch(2, on: try PostgresTestCluster.shared().createDatabase()))
    }

    /// `kill -9` of one of our servers under load: the others carry on, and
    /// nothing any instance answered is lost.
    @Test func killingOneInstanceLosesNothingAnswered() throws {
        try SharedStoreChecks.killingOneInstanceLosesNothingAnswered(try UnderLoad(seed: 7, answers: 300), answers: 800, only200: false)
    }

    /// PostgreSQL restarted under load: 503 with `Retry-After` and
    /// `store-unavailable` while it is down, `/readyz` 503, then service
    /// again by itself, and nothing answered lost.
    @Test func restartingPostgresAnswers503ThenLosesNothingAnswered() throws {
        let run = try UnderLoad(seed: 11, answers: 300, cluster: try PostgresTestCluster())
        let cluster = run.cluster
        try SharedStoreChecks.theStoreStoppedAnswers503ThenLosesNothingAnswered(
            "PostgreSQL", under: run, answers: 500, stop: { cluster.stop(signal: SIGKILL) }, start: { try cluster.start() })
    }

    /// A primary with a synchronous standby, the instances given both hosts
    /// (`target_session_attrs=read-write`): the primary killed with
    /// `kill -9` under load, then the standby promoted. Every event
    /// answered 200 before, during and after is in the promoted standby's
    /// journal, once and in order; only 200 and 503 are answered. The 503
    /// window is printed.
    @Test func killingThePrimaryWithASynchronousStandbyLosesNothingAnswered() throws {
        let primary = try PostgresTestCluster()
        _ = try primary.psql("ALTER SYSTEM SET synchronous_standby_names = '*'")
        _ = try primary.psql("SELECT pg_reload_conf()")
        let standby = try PostgresTestCluster(standbyOf: primary)
        // The standby was copied with the primary's setting; promoted, it
        // has no standby of its own to wait for.
        _ = try standby.psql("ALTER SYSTEM RESET synchronous_standby_names")
        _ = try standby.psql("SELECT pg_reload_conf()")
        try waitUntil("the standby to replicate synchronously") {
            try primary.psql("SELECT sync_state FROM pg_stat_replication") == "sync\n"
        }
        let database = String(try primary.createDatabase().split(separator: "/").last ?? "")
        let hosts = "127.0.0.1:\(primary.port),127.0.0.1:\(standby.port)"
        let url = "postgresql://\(primary.user):\(primary.password)@\(hosts)/\(database)?target_session_attrs=read-write"
        let run = try UnderLoad(
            seed: 46, answers: 300, cluster: primary, url: url,
            storeURL: "postgresql://\(standby.user):\(standby.password)@127.0.0.1:\(standby.port)/\(database)")
        let (instances, load) = (run.instances, run.load)

        let killed = ContinuousClock.now
        primary.stop(signal: SIGKILL)
        try waitUntil("50 answers 503 while no host takes writes") { load.statuses.withLock { $0[503] ?? 0 } >= 50 }
        #expect(try instances[0].client().request("GET", "/readyz").status == 503, "/readyz while no host takes writes")
        let promoting = ContinuousClock.now
        #expect(try standby.psql("SELECT pg_promote()") == "t\n")
        try load.waitForAnswers(1, "the first answer after the promotion")
        let resumed = ContinuousClock.now
        try load.waitForAnswers(500, "service on the promoted standby")
        try load.finish()
        print(
            "failover: 503 for \(resumed - killed) after the kill of the primary (\(promoting - killed) until the promotion was asked, \(resumed - promoting) after it)"
        )

        SharedStoreChecks.expectOnly200And503(load)
        try run.verify(through: instances.map(\.port), exactly: false)
    }
}
