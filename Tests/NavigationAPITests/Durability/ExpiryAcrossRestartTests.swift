import Coordination
import FileStore
import Flows
import Foundation
import TestSupport
import Testing

@testable import Sessions

/// DURABILITY.md: "Idle time keeps counting across the restart." A session
/// idle past its TTL before a restart is gone after it; one used just before
/// is served.
@Suite("Durability: expiry across restarts", .serialized)
struct ExpiryAcrossRestartTests {
    @Test func idleTimeKeepsCountingAcrossAKillNineAndRestart() throws {
        let data = try LaunchedServer.freshDirectory().path
        // A long TTL while the first server runs: it expires nothing itself.
        let first = try LaunchedServer(["--store", "file:" + data, "--session-ttl", "60"])
        let client = first.client()
        let idle = try client.createSession("exchange")
        var recent = try client.createSession("exchange")
        usleep(1_500_000)
        try client.apply("select", ["code": "USD"], to: &recent)
        first.killNow()

        // Restarted with a 1 s TTL: `idle` was idle 1.5 s before the restart.
        let second = try LaunchedServer(["--store", "file:" + data, "--session-ttl", "1"])
        let restarted = second.client()
        let served = try restarted.request("GET", recent.path)
        #expect(served.status == 200, "\(served.text)")
        #expect(served.json == recent.document)
        expectProblem(try restarted.request("GET", idle.path), 404, "session-not-found")
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
        let store = try JournalFiles.reopenStore(data)
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
