import Coordination
import Flows
import Foundation
import PostgresStore
import StoreTestSupport
import TestSupport
import Testing

@testable import Sessions

/// What the PostgreSQL store adds to the store contract: its schema, made
/// at start once and refused when newer, records readable as `jsonb`, the
/// database going away and coming back, a slow database, and sessions
/// counted across instances. Every store connects with the password of its
/// cluster's user, which no error quotes.
@Suite("PostgresStore", .timeLimit(.minutes(10)), .hangGuard)
struct PostgresStoreTests {
    private static func isUnavailable(_ error: any Error) -> Bool {
        if case StoreError.unavailable = error { return true }
        return false
    }

    // MARK: - The schema

    @Test func theSchemaIsMadeOnceWithItsVersionAndStoresMeetingTogetherTakeTurns() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        let stores = try (0..<4).map { _ in try PostgresTestCluster.store(url) }
        defer { for store in stores { store.close() } }
        let failures = LockedBox<[String]>([])
        try runOnThreads(stores.count) { index in
            do { try stores[index].probe() } catch { failures.withLock { $0.append("\(error)") } }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try cluster.psql("SELECT version FROM navigation_schema", database: PostgresTestCluster.database(in: url)) == "1\n")
        try Journal.append(Journal.session(1, versions: 2), to: stores[0])
        #expect(try stores[3].records(of: Journal.id(1), after: 0) == Journal.session(1, versions: 2))
    }

    @Test func aNewerSchemaIsRefusedWithWhatToDo() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        _ = try cluster.psql(
            "CREATE TABLE navigation_schema (singleton boolean PRIMARY KEY DEFAULT true, version integer NOT NULL); INSERT INTO navigation_schema (version) VALUES (2)",
            database: PostgresTestCluster.database(in: url))
        let store = try PostgresTestCluster.store(url)
        defer { store.close() }
        #expect {
            try store.probe()
        } throws: { error in
            guard case StoreError.newerFormat(_, let found, let supported) = error else { return false }
            return found == 2 && supported == 1 && "\(error)".contains("use a newer navigation-server")
        }
        #expect {
            try store.append(Journal.created(1), expectedVersion: 0)
        } throws: { error in
            guard case StoreError.unavailable(let reason) = error else { return false }
            return reason.contains("schema version 2")
        }
        #expect(
            try cluster.psql(
                "SELECT count(*) FROM pg_tables WHERE tablename LIKE 'navigation_%'", database: PostgresTestCluster.database(in: url))
                == "1\n")
    }

    /// The URI goes to libpq as it is: its `options` setting puts the
    /// store's tables in the schema it names.
    @Test func theSchemaGoesWhereTheURIsSearchPathSays() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        let database = PostgresTestCluster.database(in: url)
        _ = try cluster.psql("CREATE SCHEMA journals", database: database)
        let store = try PostgresTestCluster.store(url + "?options=-csearch_path%3Djournals")
        defer { store.close() }
        try Journal.append(Journal.session(1, versions: 2), to: store)
        let tables = try cluster.psql(
            "SELECT schemaname FROM pg_tables WHERE tablename = 'navigation_records'", database: database)
        #expect(tables == "journals\n")
        #expect(try cluster.psql("SELECT count(*) FROM journals.navigation_records", database: database) == "2\n")
    }

    /// A URI without a password finds it in a password file, as libpq
    /// does for every client (`passfile`, or `PGPASSFILE`).
    @Test func aPasswordFileStandsInForThePassword() throws {
        let cluster = try PostgresTestCluster.shared()
        let withoutPassword = try cluster.createDatabase(password: nil)
        let directory = TemporaryDirectory()
        let file = directory.file("pgpass")
        FileManager.default.createFile(
            atPath: file, contents: Data("127.0.0.1:\(cluster.port):*:\(cluster.user):\(cluster.password)\n".utf8),
            attributes: [.posixPermissions: 0o600])
        let store = try PostgresTestCluster.store(withoutPassword + "?passfile=" + file)
        defer { store.close() }
        try store.append(Journal.created(1), expectedVersion: 0)
        #expect(try store.summary(of: Journal.id(1))?.lastVersion == 1)
        let refused = try PostgresTestCluster.store(withoutPassword + "?passfile=" + directory.file("missing"))
        defer { refused.close() }
        #expect(performing: { try refused.probe() }, throws: Self.isUnavailable)
    }

    /// A record's body is kept byte for byte (what a replay reads), and as
    /// `jsonb` beside it when it is JSON, for a team's own queries.
    @Test func recordsAreKeptExactlyAndReadableAsJSONB() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        let store = try PostgresTestCluster.store(url)
        defer { store.close() }
        var created = Journal.created(1)
        created.body = Array(#"{"flow":"exchange",  "version":1}"#.utf8)
        var event = Journal.event(1, version: 2)
        event.body = Array("not json \u{0}".utf8) + [0xFF]
        try Journal.append([created, event], to: store)
        #expect(try store.records(of: Journal.id(1), after: 0) == [created, event])
        let rows = try cluster.psql(
            "SELECT version, kind, data->>'flow', data IS NULL FROM navigation_records ORDER BY version",
            database: PostgresTestCluster.database(in: url))
        #expect(rows == "1|1|exchange|f\n2|2||t\n")
    }

    // MARK: - Faults

    /// A stopped database is `unavailable` everywhere; started again, the
    /// same store serves at once: the idle connection the restart closed
    /// is dropped before use, not handed to the next append.
    @Test func theDatabaseGoingAwayIsUnavailableAndItsReturnIsNoticedWithoutARestart() throws {
        let cluster = try PostgresTestCluster()
        let store = try PostgresTestCluster.store(try cluster.createDatabase())
        defer { store.close() }
        try Journal.append(Journal.session(1, versions: 2), to: store)
        cluster.stop(signal: SIGINT)
        #expect(performing: { try store.append(Journal.event(1, version: 3), expectedVersion: 2) }, throws: Self.isUnavailable)
        #expect(performing: { try store.summary(of: Journal.id(1)) }, throws: Self.isUnavailable)
        #expect(performing: { try store.records(of: Journal.id(1), after: 0) }, throws: Self.isUnavailable)
        #expect(performing: { try store.probe() }, throws: Self.isUnavailable)
        try cluster.start()
        try store.append(Journal.event(1, version: 3), expectedVersion: 2)
        cluster.stop(signal: SIGINT)
        try cluster.start()
        try store.append(Journal.event(1, version: 4), expectedVersion: 3)
        #expect(try store.summary(of: Journal.id(1))?.lastVersion == 4)
    }

    /// A table lock held by another client makes the append wait for it:
    /// the server gives up on the lock before the store's command timeout,
    /// so the append is refused for certain (`unavailable`, and nothing of
    /// it commits once the lock is gone) and the store serves again after.
    @Test func anAppendWaitingForALockIsRefusedBeforeTheCommandTimeoutAndNeverCommitsLater() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        let database = PostgresTestCluster.database(in: url)
        let store = try PostgresTestCluster.store(url, commandTimeout: 0.5)
        defer { store.close() }
        try Journal.append(Journal.session(1, versions: 2), to: store)
        let holder = try cluster.launchHolder("LOCK TABLE navigation_sessions IN ACCESS EXCLUSIVE MODE", database: database)
        defer { holder.kill() }
        #expect {
            try store.append(Journal.event(1, version: 3), expectedVersion: 2)
        } throws: { error in
            guard case StoreError.unavailable(let reason) = error else { return false }
            return reason.contains("lock timeout")
        }
        try cluster.endHolders(in: database)
        #expect(try store.records(of: Journal.id(1), after: 0).map(\.version) == [1, 2])
        try store.append(Journal.event(1, version: 3), expectedVersion: 2)
        #expect(try store.records(of: Journal.id(1), after: 0).map(\.version) == [1, 2, 3])
    }

    /// A database that stops answering (its backend stopped with
    /// `SIGSTOP`) makes the append `unavailable` after the command timeout;
    /// the connection is dropped and a new one serves. Whether the
    /// timed-out append commits once the backend runs again is unknown to
    /// the store: the check reads the version after the backend is gone.
    @Test func aDatabaseThatStopsAnsweringIsUnavailableAfterTheCommandTimeoutAndUsableAgainAfter() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        let database = PostgresTestCluster.database(in: url)
        let backends = "SELECT pid FROM pg_stat_activity WHERE datname = '\(database)' AND application_name = 'navigation-server'"
        // Made by a store of its own, whose connections (an append's, its
        // notifier's) are gone before the one under test connects once.
        let maker = try PostgresTestCluster.store(url)
        try Journal.append(Journal.session(1, versions: 2), to: maker)
        maker.close()
        try waitUntil("the first store's connections to end", pollingEvery: 0.02) { try cluster.psql(backends).isEmpty }
        let store = try PostgresTestCluster.store(url, commandTimeout: 0.3)
        defer { store.close() }
        #expect(try store.summary(of: Journal.id(1))?.lastVersion == 2)
        let found = try cluster.psql(backends).split(separator: "\n").compactMap { pid_t($0) }
        let backend = try #require(found.count == 1 ? found.first : nil, "the store's one connection: \(found)")
        #expect(kill(backend, SIGSTOP) == 0)
        try expectATimedOutAppendAndServiceAfter(store, saying: "did not answer within") {
            #expect(kill(backend, SIGCONT) == 0)
            try waitUntil("the stopped backend to end", pollingEvery: 0.02) {
                try !cluster.psql(backends).split(separator: "\n").contains { pid_t($0) == backend }
            }
        }
    }

    /// A server that takes no writes (a standby; the old primary after a
    /// failover) refuses the append, and the connection that met it is
    /// not used again: once writes are possible, the next append, on a
    /// new connection, succeeds.
    @Test func aConnectionToAServerThatTakesNoWritesIsReplaced() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        let database = PostgresTestCluster.database(in: url)
        let store = try PostgresTestCluster.store(url)
        defer { store.close() }
        try store.probe()  // the schema is made
        // The store's connection is closed; the next one it opens takes no writes.
        _ = try cluster.psql("ALTER DATABASE \(database) SET default_transaction_read_only = on")
        _ = try cluster.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)'")
        // Gone, its last words are in the store's socket.
        try waitUntil("the store's connection to be closed", pollingEvery: 0.02) {
            try cluster.psql("SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)'") == "0\n"
        }
        #expect {
            try store.append(Journal.created(1), expectedVersion: 0)
        } throws: { error in
            guard case StoreError.unavailable(let reason) = error else { return false }
            return reason.contains("read-only")
        }
        _ = try cluster.psql("ALTER DATABASE \(database) RESET default_transaction_read_only")
        try store.append(Journal.created(1), expectedVersion: 0)
        #expect(try store.summary(of: Journal.id(1))?.lastVersion == 1)
    }

    /// A URI's `sslmode` is libpq's own: a cluster that takes TLS only
    /// serves a store whose URI verifies its certificate (`verify-full`
    /// with the authority in `sslrootcert`), over TLS; an authority that
    /// did not sign the server's certificate, or a URI asking for no TLS,
    /// is `unavailable` saying why, without the password.
    @Test func aURIsSSLModeIsLibpqsOwn() throws {
        let cluster = try PostgresTestCluster()
        let authority = try cluster.requireTLS()
        let name = PostgresTestCluster.database(in: try cluster.createDatabase())
        let uri = "postgresql://navigation:\(cluster.password)@localhost:\(cluster.port)/\(name)"
        let verified = try PostgresTestCluster.store(uri + "?sslmode=verify-full&sslrootcert=\(authority)")
        let stranger = try PostgresTestCluster.store(uri + "?sslmode=verify-full&sslrootcert=\(try cluster.strangerAuthority())")
        let plain = try PostgresTestCluster.store(uri + "?sslmode=disable")
        defer {
            for store in [verified, stranger, plain] { store.close() }
        }
        try Journal.append(Journal.session(1, versions: 2), to: verified)
        #expect(try verified.summary(of: Journal.id(1))?.lastVersion == 2)
        let encrypted = try cluster.psql(
            "SELECT bool_and(s.ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.application_name = 'navigation-server'")
        #expect(encrypted == "t\n")
        for (store, expected) in [(stranger, "certificate verify failed"), (plain, "no encryption")] {
            #expect {
                try store.append(Journal.created(2), expectedVersion: 0)
            } throws: { error in
                let text = "\(error)"
                return Self.isUnavailable(error) && text.contains(expected) && !text.contains(cluster.password)
            }
        }
    }

    /// Neither a refused login nor a database that is down puts the
    /// password in an error; the URI's description masks it.
    @Test func thePasswordIsInNoErrorAndNoDescription() throws {
        let secret = "wrong-\(UUID().uuidString.prefix(8))"
        let wrong = try PostgresTestCluster.shared().createDatabase(password: secret)
        let refused = try PostgresTestCluster.store(wrong)
        let down = try PostgresTestCluster.store("postgresql://navigation:\(secret)@127.0.0.1:\(try freeLoopbackPort())/postgres")
        defer {
            refused.close()
            down.close()
        }
        for (store, expected) in [(refused, "password authentication failed"), (down, "127.0.0.1")] {
            #expect {
                try store.append(Journal.created(1), expectedVersion: 0)
            } throws: { error in
                let text = "\(error)"
                return Self.isUnavailable(error) && text.contains(expected) && !text.contains(secret)
            }
        }
        let description = try #require(PostgresURL(wrong)).description
        #expect(!description.contains(secret) && description.contains(":***@"), "\(description)")
    }

    // MARK: - Several instances

    /// The database expires nothing by itself: any instance's sweep
    /// journals the expiry of a session idle past the timeout, whoever
    /// created it, and deletes it; the instance that created it no longer
    /// serves it.
    @Test func anIdleSessionIsExpiredByTheSweepOfAnyInstance() throws {
        try PostgresTestCluster.shared().withTwoStores { first, second in
            #expect(!first.expiresIdleSessions)
            var limits = SessionLimits.default
            limits.idleTimeout = 60
            let now = SessionRegistry.wallClockSeconds()
            let later = LockedBox(now)
            let creator = SessionRegistry(flows: BuiltinFlows.all, limits: limits, store: first)
            let sweeper = SessionRegistry(flows: BuiltinFlows.all, limits: limits, store: second, clock: { later.withLock { $0 } })
            let idle = try creator.create(flow: "exchange", context: nil)
            #expect(sweeper.evictExpired() == 0, "not idle yet")
            later.withLock { $0 = now + 120 }
            #expect(sweeper.evictExpired() == 1)
            // Its end journaled, the session is deleted with its records.
            #expect(try first.summary(of: idle.id) == nil)
            let error = #expect(throws: NavigationError.self) { try creator.document(of: idle.id) }
            #expect(error?.kind == .sessionNotFound)
        }
    }

    /// `--max-sessions` counts every instance's sessions: the sweep of one
    /// registry learns of another's, and an ended one is not counted.
    @Test func maxSessionsCountsEveryInstancesSessions() throws {
        try PostgresTestCluster.shared().withTwoStores { first, second in
            let (one, other, elsewhere) = try twoInstancesWithASessionEach(on: first, second)
            one.evictExpired()  // the sweep
            #expect(try first.liveSessionCount() == 2)
            let isFull: (any Error) -> Bool = { ($0 as? NavigationError)?.kind == .tooManySessions }
            #expect(performing: { try one.create(flow: "exchange", context: nil) }, throws: isFull)
            try other.end(elsewhere.id)
            #expect(try first.liveSessionCount() == 1)
            one.evictExpired()
            _ = try one.create(flow: "exchange", context: nil)
            #expect(try second.liveSessionCount() == 2)
        }
    }
}
