import StoreTestSupport
import TestSupport
import Testing

@testable import Coordination
@testable import Sessions

/// A registry that is its store's only writer (the file store, the memory
/// store) answers a cached session without asking the store first; on a
/// store other instances write, it asks before every read (a change's
/// conditional append checks the version instead).
@Suite("SessionRegistry: the only writer of its store", .timeLimit(.minutes(10)), .hangGuard)
struct SoleWriterRegistryTests {
    private static let push = ClientEvent(screen: "s1", event: "push", payload: ["name": "a"])

    /// Summaries asked for by a GET and an event on a cached session.
    private func summariesAsked(sharedStore: Bool) throws -> Int {
        let store = MinimalMemoryStore(shared: sharedStore)
        let registry = SessionRegistry(flows: [.workbench], store: store)
        let created = try registry.create(flow: "workbench", context: nil)
        let before = store.summariesAsked.load(ordering: .relaxed)
        #expect(try registry.document(of: created.id).version == 1)
        #expect(try registry.send(Self.push, to: created.id).version == 2)
        return store.summariesAsked.load(ordering: .relaxed) - before
    }

    @Test func aCachedSessionIsAnsweredWithoutAskingTheStore() throws {
        #expect(try summariesAsked(sharedStore: false) == 0)
    }

    @Test func onASharedStoreEveryReadAsksTheStoreFirst() throws {
        #expect(try summariesAsked(sharedStore: true) == 1)
    }

    /// Ended and expired sessions are gone all the same.
    @Test func anEndedOrExpiredCachedSessionIsNotFound() throws {
        let clock = ManualClock()
        var limits = SessionLimits()
        limits.idleTimeout = 60
        let registry = SessionRegistry(flows: [.workbench], limits: limits, store: MinimalMemoryStore(), clock: { clock.now })
        let ended = try registry.create(flow: "workbench", context: nil)
        try registry.end(ended.id)
        let endedError = #expect(throws: NavigationError.self) { try registry.document(of: ended.id) }
        #expect(endedError?.kind == .sessionNotFound)
        let idle = try registry.create(flow: "workbench", context: nil)
        clock.advance(by: 61)
        let error = #expect(throws: NavigationError.self) { try registry.document(of: idle.id) }
        #expect(error?.kind == .sessionNotFound)
    }
}
