import Foundation
import PostgresStore
import Sessions
import TestSupport
import Testing

/// The instances' leases in PostgreSQL (`navigation_instances`): every live
/// announcement answered to each renewal, a released one gone at once, one
/// not renewed gone once its lease has run out (by the database's clock),
/// and a stopped database unavailable.
@Suite("PostgreSQL instance leases", .timeLimit(.minutes(10)), .hangGuard)
struct PostgresLeaseTests {
    @Test func everyLiveAnnouncementIsAnsweredAndAReleasedOneIsGoneAtOnce() throws {
        try PostgresTestCluster.shared().withTwoStores { first, second throws in
            #expect(try first.renewLease("a notes=1", forMilliseconds: 60_000) == ["a notes=1"])
            #expect(try second.renewLease("b notes=1,2", forMilliseconds: 60_000).map(Set.init) == ["a notes=1", "b notes=1,2"])
            // Renewing again keeps one entry per announcement.
            #expect(try first.renewLease("a notes=1", forMilliseconds: 60_000)?.count == 2)
            first.releaseLease("a notes=1")
            #expect(try second.renewLease("b notes=1,2", forMilliseconds: 60_000) == ["b notes=1,2"])
        }
    }

    /// An announcement far longer than an index entry may be (64 KiB, the
    /// protocol's bound) is leased like a short one.
    @Test func aLongAnnouncementIsLeased() throws {
        let url = try PostgresTestCluster.shared().createDatabase()
        let store = try PostgresTestCluster.store(url)
        defer { store.close() }
        let long = "a " + String(repeating: "notes=1,", count: 8000)
        #expect(try store.renewLease(long, forMilliseconds: 60_000) == [long])
        store.releaseLease(long)
        #expect(try store.renewLease("b notes=1", forMilliseconds: 60_000) == ["b notes=1"])
    }

    @Test func aLeaseNotRenewedRunsOut() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        let store = try PostgresTestCluster.store(url)
        defer { store.close() }
        _ = try store.renewLease("killed notes=1", forMilliseconds: 100)
        try waitUntil("the lease to run out", pollingEvery: 0.02) {
            try store.renewLease("alive notes=1", forMilliseconds: 60_000) == ["alive notes=1"]
        }
        // It runs out by the database's clock, a minute from now.
        let seconds = try cluster.psql(
            "SELECT round(extract(epoch FROM expires_at - now())) FROM navigation_instances",
            database: String(url.split(separator: "/").last ?? ""))
        #expect(abs((Double(seconds.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - 60) < 30, "\(seconds)")
    }

    @Test func aStoppedDatabaseIsUnavailable() throws {
        let cluster = try PostgresTestCluster()
        let store = try PostgresTestCluster.store(try cluster.createDatabase())
        defer { store.close() }
        _ = try store.renewLease("a notes=1", forMilliseconds: 60_000)
        cluster.stop()
        #expect(throws: StoreError.self) { try store.renewLease("a notes=1", forMilliseconds: 60_000) }
    }
}
