import Synchronization
import TestSupport
import Testing

@testable import Coordination
@testable import Sessions

/// A clock the test moves by hand, for idle expiry.
final class ManualClock: Sendable {
    private let seconds = Mutex<Double>(0)
    var now: Double { seconds.withLock { $0 } }
    func advance(by delta: Double) { seconds.withLock { $0 += delta } }
}

/// Create, use, end and expire sessions; ids; the session limit.
@Suite("SessionRegistry", .timeLimit(.minutes(10)), .hangGuard)
struct SessionRegistryTests {
    // MARK: - Helpers

    private func registry(maxSessions: Int = 10, idleTimeout: Double = 60, clock: ManualClock = ManualClock()) -> SessionRegistry {
        var limits = SessionLimits()
        limits.maxSessions = maxSessions
        limits.idleTimeout = idleTimeout
        return SessionRegistry(flows: [.workbench], limits: limits, clock: { clock.now })
    }

    private func expectNotFound(_ registry: SessionRegistry, _ id: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: NavigationError.self, sourceLocation: sourceLocation) { try registry.document(of: id) }
        #expect(error?.kind == .sessionNotFound, sourceLocation: sourceLocation)
        #expect(error?.detail == "no live session has id '\(id)'; it may have ended or expired", sourceLocation: sourceLocation)
    }

    // MARK: - Create, get, send, end

    @Test func createGetSendAndEnd() throws {
        let registry = registry()
        let created = try registry.create(flow: "workbench", context: nil)
        #expect(created.version == 1)
        #expect(SessionID.isWellFormed(created.id))
        #expect(try JSONParser.parse(created.document)["id"] == .string(created.id))
        #expect(try registry.document(of: created.id).document == created.document)

        let sent = try registry.send(ClientEvent(screen: "s1", event: "push", payload: ["name": "detail"]), to: created.id)
        #expect(sent.version == 2)
        #expect(try registry.withSession(created.id) { $0.stackDescription } == ["home:root", "detail:push"])
        let stale = #expect(throws: NavigationError.self) {
            try registry.send(ClientEvent(screen: "s2", event: "update"), to: created.id, expectedVersion: 1)
        }
        #expect(stale?.kind == .versionMismatch)

        #expect(registry.count == 1)
        try registry.end(created.id)
        #expect(registry.count == 0)
        expectNotFound(registry, created.id)
        #expect(throws: NavigationError.self) { try registry.end(created.id) }
        #expect(registry.statistics == RegistryStatistics(created: 1, ended: 1, evicted: 0, flowChanged: 0))
    }

    @Test func idsAre128RandomBitsInHex() throws {
        let registry = registry(maxSessions: 200)
        let ids = try (0..<200).map { _ throws(NavigationError) in try registry.create(flow: "workbench", context: nil).id }
        #expect(Set(ids).count == 200)
        #expect(ids.allSatisfy { $0.utf8.count == 32 && SessionID.isWellFormed($0) })
        // Every hex digit shows up in every position across 200 ids only if the bits are not fixed.
        let firstDigits = Set(ids.map(\.first))
        #expect(firstDigits.count > 8)
    }

    @Test(arguments: ["00000000000000000000000000000000", "nope", "", "ABCDEF0123456789ABCDEF0123456789"])
    func unknownOrMalformedIDIsNotFound(id: String) throws {
        let registry = registry()
        _ = try registry.create(flow: "workbench", context: nil)
        expectNotFound(registry, id)
        let error = #expect(throws: NavigationError.self) { try registry.end(id) }
        #expect(error?.kind == .sessionNotFound)
    }

    @Test func unknownFlowAndBadContextTakeNoSlot() {
        let registry = registry(maxSessions: 1)
        let unknown = #expect(throws: NavigationError.self) { try registry.create(flow: "nope", context: nil) }
        #expect(unknown?.kind == .flowNotFound)
        #expect(unknown?.detail == "no flow is named 'nope'; this server hosts: workbench")
        let invalid = #expect(throws: NavigationError.self) { try registry.create(flow: "workbench", context: ["x": 1]) }
        #expect(invalid?.kind == .invalidContext)
        #expect(registry.count == 0)
        #expect(throws: Never.self) { try registry.create(flow: "workbench", context: nil) }
    }

    // MARK: - Limits

    @Test func sessionLimitRefusesUntilOneEnds() throws {
        let registry = registry(maxSessions: 2)
        let first = try registry.create(flow: "workbench", context: nil)
        _ = try registry.create(flow: "workbench", context: nil)
        let error = #expect(throws: NavigationError.self) { try registry.create(flow: "workbench", context: nil) }
        #expect(error?.kind == .tooManySessions)
        #expect(registry.count == 2)

        try registry.end(first.id)
        #expect(throws: Never.self) { try registry.create(flow: "workbench", context: nil) }
        #expect(registry.count == 2)
    }

    // MARK: - Idle expiry

    @Test func anIdleSessionExpires() throws {
        let clock = ManualClock()
        let registry = registry(idleTimeout: 60, clock: clock)
        let id = try registry.create(flow: "workbench", context: nil).id
        clock.advance(by: 59)
        _ = try registry.document(of: id)  // touching it restarts the idle time
        clock.advance(by: 60)
        _ = try registry.document(of: id)  // exactly the timeout is still alive
        clock.advance(by: 60.5)
        expectNotFound(registry, id)
        #expect(registry.count == 0)
        #expect(registry.statistics == RegistryStatistics(created: 1, ended: 0, evicted: 1, flowChanged: 0))
    }

    @Test func evictExpiredRemovesOnlyIdleSessions() throws {
        let clock = ManualClock()
        let registry = registry(idleTimeout: 60, clock: clock)
        let ids = try (0..<3).map { _ throws(NavigationError) in try registry.create(flow: "workbench", context: nil).id }
        clock.advance(by: 50)
        _ = try registry.send(ClientEvent(screen: "s1", event: "update"), to: ids[1])
        clock.advance(by: 20)
        #expect(registry.evictExpired() == 2)
        #expect(registry.count == 1)
        expectNotFound(registry, ids[0])
        expectNotFound(registry, ids[2])
        #expect(try registry.document(of: ids[1]).version == 2)
        #expect(registry.evictExpired() == 0)
        #expect(registry.statistics.evicted == 2)
    }

    @Test func theLimitFreesUpOnceIdleSessionsAreEvicted() throws {
        let clock = ManualClock()
        let registry = registry(maxSessions: 2, idleTimeout: 60, clock: clock)
        let old = try (0..<2).map { _ throws(NavigationError) in try registry.create(flow: "workbench", context: nil).id }
        #expect(throws: NavigationError.self) { try registry.create(flow: "workbench", context: nil) }
        clock.advance(by: 61)
        let fresh = try registry.create(flow: "workbench", context: nil)
        #expect(registry.count == 1)
        #expect(registry.statistics == RegistryStatistics(created: 3, ended: 0, evicted: 2, flowChanged: 0))
        for id in old { expectNotFound(registry, id) }
        #expect(try registry.document(of: fresh.id).version == 1)
    }
}
