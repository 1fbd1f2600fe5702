import Coordination
import FileStore
import Flows
import Foundation
import TestSupport
import Testing

@testable import Sessions

/// docs/durability.md#what-is-promised-and-how-it-is-tested: "Idle time keeps
/// counting across the restart." A session idle past its TTL before a restart
/// is gone after it; one used just before is served.
@Suite("Durability: expiry across restarts", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct ExpiryAcrossRestartTests {
    /// The idle session's last record is two hours old (written by this
    /// process on a clock set back, into the data directory the servers
    /// use); the restarted server's TTL is one hour. No bound depends on how
    /// fast the machine is: the recent session would need an hour between
    /// its event and the GET to expire.
    @Test func idleTimeKeepsCountingAcrossAKillNineAndRestart() throws {
        let data = try LaunchedServer.freshDirectory().path
        let twoHoursAgo = Date().timeIntervalSince1970 - 7_200
        let idle: String
        do {
            let store = try FileStore(directory: data)
            defer { store.close() }
            let registry = SessionRegistry(flows: BuiltinFlows.all, store: store, clock: ManualClock(twoHoursAgo).read)
            idle = try registry.create(flow: "exchange", context: nil).id
        }
        // A TTL of a day while the first server runs: it expires nothing itself.
        let first = try LaunchedServer(["--store", "file:" + data, "--session-ttl", "86400"])
        let client = first.client()
        var recent = try client.createSession("exchange")
        try client.apply("select", ["code": "USD"], to: &recent)
        first.killNow()

        // Restarted with a one-hour TTL: `idle` was used two hours ago.
        let second = try LaunchedServer(["--store", "file:" + data, "--session-ttl", "3600"])
        let restarted = second.client()
        let served = try restarted.request("GET", recent.path)
        #expect(served.status == 200, "\(served.text)")
        #expect(served.json == recent.document)
        expectProblem(try restarted.request("GET", "/v1/sessions/\(idle)"), 404, "session-not-found")
        _ = try second.stop()
    }

    /// The same in-process, with a clock the test moves: nothing depends on
    /// how long the machine takes.
    @Test func idleTimeKeepsCountingAcrossReopeningTheStore() throws {
        let data = try LaunchedServer.freshDirectory().path
        var limits = SessionLimits.default
        limits.idleTimeout = 10
        let idle: String
        let recent: String
        let recentDocument: [UInt8]
        do {
            let store = try FileStore(directory: data)
            defer { store.close() }
            let now = ManualClock(1_000_000)
            let registry = SessionRegistry(flows: BuiltinFlows.all, limits: limits, store: store, clock: now.read)
            idle = try registry.create(flow: "exchange", context: nil).id
            let created = try registry.create(flow: "exchange", context: nil)
            recent = created.id
            now.value = 1_000_008
            let screen = try registry.withSession(recent) { $0.stack.top?.screen.id ?? "" }
            recentDocument = try registry.send(ClientEvent(screen: screen, event: "select", payload: ["code": "USD"]), to: recent).document
        }
        // Reopened 4 s later: `idle` has been idle 12 s, `recent` 4 s.
        let store = try FileStore(directory: data)
        defer { store.close() }
        let registry = SessionRegistry(flows: BuiltinFlows.all, limits: limits, store: store, clock: ManualClock(1_000_012).read)
        #expect(try registry.document(of: recent).document == recentDocument)
        #expect(throws: NavigationError.self) { try registry.document(of: idle) }
        #expect(registry.count == 1)
    }

    final class ManualClock: Sendable {
        private let seconds: LockedBox<Double>
        init(_ seconds: Double) { self.seconds = LockedBox(seconds) }
        var value: Double {
            get { seconds.withLock { $0 } }
            set { seconds.withLock { $0 = newValue } }
        }
        var read: @Sendable () -> Double { { [seconds] in seconds.withLock { $0 } } }
    }
}
