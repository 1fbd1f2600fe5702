import Foundation
import RedisStore
import Sessions
import TestSupport
import Testing

/// The instances' leases in Redis (`nav:instances`): every live
/// announcement answered to each renewal, a released one gone at once, one
/// not renewed gone once its lease has run out (by Redis's clock), and the
/// lease script loaded again after Redis forgot it.
@Suite("Redis instance leases", .timeLimit(.minutes(10)), .hangGuard)
struct RedisLeaseTests {
    @Test func everyLiveAnnouncementIsAnsweredAndAReleasedOneIsGoneAtOnce() throws {
        let server = try RedisTestServer.secured()
        try server.withTwoStores { first, second throws in
            #expect(try first.renewLease("a notes=1", forMilliseconds: 60_000) == ["a notes=1"])
            #expect(try second.renewLease("b notes=1,2", forMilliseconds: 60_000).map(Set.init) == ["a notes=1", "b notes=1,2"])
            // Renewing again keeps one entry per announcement.
            #expect(try first.renewLease("a notes=1", forMilliseconds: 60_000)?.count == 2)
            first.releaseLease("a notes=1")
            #expect(try second.renewLease("b notes=1,2", forMilliseconds: 60_000) == ["b notes=1,2"])
        }
    }

    @Test func aLeaseNotRenewedRunsOut() throws {
        let server = try RedisTestServer.secured()
        let store = try server.store()
        defer { store.close() }
        _ = try store.renewLease("killed notes=1", forMilliseconds: 100)
        try waitUntil("the lease to run out", pollingEvery: 0.02) {
            try store.renewLease("alive notes=1", forMilliseconds: 60_000) == ["alive notes=1"]
        }
        // Scored with the time it runs out, by Redis's clock.
        let score = try server.command(["ZSCORE", "nav:instances", "alive notes=1"])
        let milliseconds = Double(String(decoding: score, as: UTF8.self).split(separator: "\r\n").last ?? "") ?? 0
        #expect(abs(milliseconds / 1000 - Date().timeIntervalSince1970 - 60) < 30, "\(milliseconds)")
    }

    @Test func theLeaseScriptIsLoadedAgainAfterRedisForgotIt() throws {
        let server = try RedisTestServer.secured()
        let store = try server.store()
        defer { store.close() }
        _ = try store.renewLease("a notes=1", forMilliseconds: 60_000)
        _ = try server.command(["SCRIPT", "FLUSH"])
        #expect(try store.renewLease("a notes=1", forMilliseconds: 60_000) == ["a notes=1"])
    }

    @Test func aStoppedRedisIsUnavailable() throws {
        let server = try RedisTestServer.secured()
        let store = try server.store()
        defer { store.close() }
        server.stop()
        #expect(throws: StoreError.self) { try store.renewLease("a notes=1", forMilliseconds: 60_000) }
    }
}
