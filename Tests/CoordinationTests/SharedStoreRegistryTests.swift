import StoreTestSupport
import Synchronization
import TestSupport
import Testing

@testable import Coordination
@testable import Sessions

/// Two registries on one store, as two server instances on one Redis: each
/// caches trees, checks the store's version before answering a read (a
/// change counts on its conditional append instead), catches up
/// by replaying only the records it has not seen, and retries a lost race
/// on the new state (or refuses it when the client named a version).
@Suite("SessionRegistry: several instances on one store", .timeLimit(.minutes(10)), .hangGuard)
struct SharedStoreRegistryTests {
    private static func push(_ name: String, on screen: String) -> ClientEvent {
        ClientEvent(screen: screen, event: "push", payload: ["name": .string(name)])
    }

    private static func pair() -> (SessionRegistry, SessionRegistry, MemoryStore) {
        let store = MemoryStore(shared: true)
        return (SessionRegistry(flows: [.workbench], store: store), SessionRegistry(flows: [.workbench], store: store), store)
    }

    @Test func aCachedSessionCatchesUpOnOnlyTheRecordsItHasNotSeen() throws {
        let (first, second, _) = Self.pair()
        let created = try first.create(flow: "workbench", context: nil)
        #expect(try second.document(of: created.id).version == 1)  // now cached by the second instance too
        _ = try first.send(Self.push("a", on: "s1"), to: created.id)
        let latest = try first.send(Self.push("b", on: "s2"), to: created.id)

        let seen = try second.document(of: created.id)
        #expect(seen.version == 3)
        #expect(seen.document == latest.document)
        #expect(second.statistics.caughtUp == 1, "the cached tree was brought up to date, not rebuilt")
        #expect(try second.withSession(created.id) { $0.stackDescription } == ["home:root", "a:push", "b:push"])
    }

    @Test func aLostRaceIsAppliedToTheNewStateUnlessTheClientNamedAVersion() throws {
        let store = InterferingStore()
        let first = SessionRegistry(flows: [.workbench], store: store)
        let second = SessionRegistry(flows: [.workbench], store: store)
        let created = try first.create(flow: "workbench", context: nil)
        _ = try second.document(of: created.id)

        // Between the second instance's decision and its append, the
        // first one appends version 2: the second loses, catches up and
        // applies its event on top of version 2.
        let update = ClientEvent(screen: "s1", event: "update")
        store.beforeNextAppend { _ = try? first.send(update, to: created.id) }
        let applied = try second.send(update, to: created.id)
        #expect(applied.version == 3)
        #expect(try store.records(of: created.id, after: 0).map(\.version) == [1, 2, 3])
        #expect(try second.withSession(created.id) { $0.acceptedEvents.count } == 2)

        // The same race when the client sent If-Match: 412, nothing stored.
        store.beforeNextAppend { _ = try? first.send(update, to: created.id) }
        let refused = #expect(throws: NavigationError.self) {
            try second.send(update, to: created.id, expectedVersion: 3)
        }
        #expect(refused?.kind == .versionMismatch)
        #expect(refused?.currentVersion == 4)
        #expect(try store.summary(of: created.id)?.lastVersion == 4)
    }

    @Test func aChangeToACachedSessionAsksTheStoreOnlyToAppend() throws {
        let store = InterferingStore()
        let first = SessionRegistry(flows: [.workbench], store: store)
        let created = try first.create(flow: "workbench", context: nil)
        _ = try first.document(of: created.id)
        let (summaries, reads) = (store.summaryCount.load(ordering: .relaxed), store.recordsCount.load(ordering: .relaxed))

        let changed = try first.send(Self.push("a", on: "s1"), to: created.id)
        #expect(changed.version == 2)
        #expect(store.summaryCount.load(ordering: .relaxed) == summaries, "the append's condition is the version check")
        #expect(store.recordsCount.load(ordering: .relaxed) == reads)
        #expect(try store.records(of: created.id, after: 0).map(\.version) == [1, 2])
    }

    @Test func aChangeRefusedByACopyThatFellBehindIsTriedOnTheStoresSession() throws {
        let (first, second, store) = Self.pair()
        let created = try first.create(flow: "workbench", context: nil)
        _ = try second.document(of: created.id)  // cached by the second instance at version 1
        _ = try first.send(Self.push("a", on: "s1"), to: created.id)

        // Screen s2 exists from version 2 on, which the second instance's
        // copy has not seen: the event is accepted all the same.
        let onNewScreen = try second.send(Self.push("b", on: "s2"), to: created.id)
        #expect(onNewScreen.version == 3)
        // A client that read version 3 from the first instance names it.
        _ = try first.document(of: created.id)
        _ = try first.send(Self.push("c", on: "s3"), to: created.id)
        let named = try second.send(Self.push("d", on: "s4"), to: created.id, expectedVersion: 4)
        #expect(named.version == 5)
        #expect(try store.records(of: created.id, after: 0).map(\.version) == [1, 2, 3, 4, 5])
        #expect(try second.withSession(created.id) { $0.stackDescription } == ["home:root", "a:push", "b:push", "c:push", "d:push"])

        // A refusal that holds on the store's session is still answered.
        let refused = #expect(throws: NavigationError.self) {
            try second.send(Self.push("e", on: "s1"), to: created.id, expectedVersion: 4)
        }
        #expect(refused?.kind == .versionMismatch)
        #expect(refused?.currentVersion == 5)
    }

    @Test func aSessionEndedByOneInstanceIsGoneOnTheOther() throws {
        let (first, second, _) = Self.pair()
        let created = try first.create(flow: "workbench", context: nil)
        _ = try second.document(of: created.id)
        try first.end(created.id)
        let error = #expect(throws: NavigationError.self) { try second.document(of: created.id) }
        #expect(error?.kind == .sessionNotFound)
    }
}
