import Foundation
import StoreTestSupport
import TestSupport
import Testing

@testable import PostgresStore
@testable import Sessions

/// Appends that arrive while the store's pipelines are in flight wait, and
/// then go to the database together, in one transaction; a refusal of one
/// refuses all of them, and nothing of them is stored; an append no
/// pipeline takes within the command timeout is refused unsent. The
/// pipelines are held by row locks another client takes, so what waits,
/// and what goes together, is known.
@Suite("PostgresStore: appends in pipelines", .timeLimit(.minutes(10)), .hangGuard)
struct PostgresAppendPipelineTests {
    /// Appends on threads of their own, started at once; their outcomes
    /// once every one has answered.
    private final class Appends: Sendable {
        private let done = DispatchGroup()
        private let outcomes = LockedBox<[String: Result<Void, StoreError>]>([:])

        init(_ records: [JournalRecord], to store: PostgresStore) {
            for record in records {
                done.enter()
                Thread.detachNewThread { [done, outcomes] in
                    let outcome: Result<Void, StoreError>
                    do throws(StoreError) {
                        try store.append(record, expectedVersion: record.version - 1)
                        outcome = .success(())
                    } catch {
                        outcome = .failure(error)
                    }
                    outcomes.withLock { $0[record.sessionID] = outcome }
                    done.leave()
                }
            }
        }

        /// Each session's outcome: nil when appended, else the refusal's description.
        func refusals() throws -> [String: String?] {
            try done.wait(for: "the appends to be answered")
            return outcomes.withLock { outcomes in
                outcomes.mapValues { outcome in
                    guard case .failure(let error) = outcome else { return nil }
                    return "\(error)"
                }
            }
        }
    }

    /// A client that holds the rows of `sessions` (`FOR UPDATE`) until killed.
    private static func holdRows(
        of sessions: [Int], in cluster: PostgresTestCluster, database: String
    ) throws -> ChildProcess {
        let ids = sessions.map { "'\(Journal.id($0))'" }.joined(separator: ",")
        return try cluster.launchHolder("SELECT id FROM navigation_sessions WHERE id IN (\(ids)) FOR UPDATE", database: database)
    }

    /// Waits until `count` of the store's statements wait for a lock.
    private static func waitForLockWaiters(_ count: Int, in cluster: PostgresTestCluster, database: String) throws {
        try waitUntil("\(count) appends to wait for the held rows", pollingEvery: 0.02) {
            try cluster.psql(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'navigation-server' AND wait_event_type = 'Lock'",
                database: database) == "\(count)\n"
        }
    }

    /// How many transactions wrote version `version` of `sessions`.
    private static func transactions(
        writing version: Int, of sessions: [Int], in cluster: PostgresTestCluster, database: String
    ) throws -> String {
        let ids = sessions.map { "'\(Journal.id($0))'" }.joined(separator: ",")
        return try cluster.psql(
            "SELECT count(DISTINCT xmin::text) FROM navigation_records WHERE version = \(version) AND session_id IN (\(ids))",
            database: database)
    }

    @Test func appendsThatArriveWhileThePipelinesAreBusyCommitTogether() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        let database = PostgresTestCluster.database(in: url)
        let store = try PostgresTestCluster.store(url)
        defer { store.close() }
        for session in 1...12 { try store.append(Journal.created(session), expectedVersion: 0) }
        let holder = try Self.holdRows(of: [1, 2], in: cluster, database: database)
        defer { holder.kill() }

        // Both pipelines wait for the held rows; ten more appends wait for them.
        let busy = Appends([Journal.event(1, version: 2), Journal.event(2, version: 2)], to: store)
        try Self.waitForLockWaiters(PostgresAppendQueue.pipelineLimit, in: cluster, database: database)
        let waiting = Appends((3...12).map { Journal.event($0, version: 2) }, to: store)
        try waitUntil("ten appends to wait for a pipeline") { store.appendsWaiting == 10 }
        try cluster.endHolders(in: database)

        #expect(try busy.refusals().values.allSatisfy { $0 == nil })
        #expect(try waiting.refusals().values.allSatisfy { $0 == nil })
        #expect(try Self.transactions(writing: 2, of: Array(3...12), in: cluster, database: database) == "1\n")
        #expect(try Self.transactions(writing: 2, of: Array(1...12), in: cluster, database: database) == "3\n")
        for session in 1...12 {
            #expect(try store.records(of: Journal.id(session), after: 0).map(\.version) == [1, 2])
        }
    }

    /// Session 5's row stays held: the pipeline of 3, 4 and 5 (sent in
    /// that order) is refused when 5's lock times out, after 3 and 4 were
    /// appended in it, and neither is stored.
    @Test func aRefusalInAPipelineRefusesEveryAppendOfItAndStoresNone() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        let database = PostgresTestCluster.database(in: url)
        // Locks are given up on after 80 % of this (the connection's lock_timeout).
        let store = try PostgresTestCluster.store(url, commandTimeout: 3)
        defer { store.close() }
        for session in 1...5 { try store.append(Journal.created(session), expectedVersion: 0) }
        let holder = try Self.holdRows(of: [1, 2, 5], in: cluster, database: database)
        defer { holder.kill() }

        let busy = Appends([Journal.event(1, version: 2), Journal.event(2, version: 2)], to: store)
        try Self.waitForLockWaiters(PostgresAppendQueue.pipelineLimit, in: cluster, database: database)
        let waiting = Appends((3...5).map { Journal.event($0, version: 2) }, to: store)
        try waitUntil("three appends to wait for a pipeline") { store.appendsWaiting == 3 }

        let refusals = try busy.refusals().merging(try waiting.refusals()) { first, _ in first }
        #expect(refusals.count == 5)
        for (session, refusal) in refusals {
            #expect(refusal?.contains("lock timeout") == true, "\(session): \(refusal ?? "appended")")
        }
        try cluster.endHolders(in: database)
        for session in 1...5 {
            #expect(try store.records(of: Journal.id(session), after: 0).map(\.version) == [1])
        }
        try store.append(Journal.event(4, version: 2), expectedVersion: 1)
        #expect(try store.records(of: Journal.id(4), after: 0).map(\.version) == [1, 2])
    }

    /// A database that accepts connections and never answers: the pipelines
    /// wait for their connections (the connect timeout, 2 s), and the
    /// append waiting behind them is refused after the command timeout,
    /// saying that nothing was sent.
    @Test func anAppendNoPipelineTakesWithinTheCommandTimeoutIsRefusedUnsent() throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let url = "postgresql://navigation@127.0.0.1:\(listener.port)/postgres"
        let store = try PostgresTestCluster.store(url, commandTimeout: 0.3)
        defer { store.close() }
        let appends = Appends((1...(PostgresAppendQueue.pipelineLimit + 1)).map { Journal.created($0) }, to: store)
        let refusals = try appends.refusals().values.compactMap { $0 }
        #expect(refusals.count == PostgresAppendQueue.pipelineLimit + 1, "\(refusals)")
        #expect(refusals.filter { $0.contains("nothing was sent") }.count == 1, "\(refusals)")
    }
}
