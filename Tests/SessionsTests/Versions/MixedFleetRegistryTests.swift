import Coordination
import FlowTestSupport
import TestSupport
import Testing

@testable import Sessions

/// docs/operations.md#rolling-deploys-on-redis, "An instance never touches a
/// session it cannot replay", without sockets: registries on one shared
/// ``MemoryStore`` are the instances, each announcing the versions it hosts
/// under a lease (``SessionRegistry/renewFleetLease(forSeconds:)``). New
/// sessions start on the highest version every live instance hosts; a session
/// on a version only another instance hosts is refused with
/// `flowVersionUnavailable` and nothing written; a released lease moves new
/// sessions on.
@Suite("Mixed fleets on a shared store", .timeLimit(.minutes(10)), .hangGuard)
struct MixedFleetRegistryTests {
    private static func registry(_ flows: [Flow], on store: MemoryStore, _ selections: FlowVersionSelection...) throws -> SessionRegistry {
        let hosted = try HostedFlows(flows, selections: selections)
        return SessionRegistry(hosting: hosted, store: store)
    }

    private static func startedVersion(_ registry: SessionRegistry) throws -> Int {
        let created = try registry.create(flow: "notes", context: nil)
        return try #require(
            try registry.store.startRecord(of: created.id).map { try JournalEntry($0) }.flatMap { entry in
                if case .created(let start) = entry { return start.flowVersion }
                return nil
            })
    }

    @Test func newSessionsStayOnTheVersionEveryLiveInstanceHosts() throws {
        let store = MemoryStore(shared: true)
        let old = try Self.registry([NotesFlows.v1], on: store)
        let new = try Self.registry([NotesFlows.v1, NotesFlows.v2], on: store)
        // Before it has heard from the fleet, an instance starts on its own highest.
        #expect(try Self.startedVersion(new) == 2)
        try old.renewFleetLease(forSeconds: 60)
        try new.renewFleetLease(forSeconds: 60)
        #expect(new.fleetInstanceCount == 2)
        #expect(try Self.startedVersion(new) == 1)
        #expect(try Self.startedVersion(old) == 1)
        #expect(new.flow(named: "notes")?.version == 1)
        #expect(new.flowOverviews()[0].versions.map(\.isCurrent) == [true, false])

        // The old instance stops: its lease is released, and the next
        // renewal moves new sessions to version 2, telling the caller.
        old.releaseFleetLease()
        let changed = try new.renewFleetLease(forSeconds: 60)
        #expect(changed.map { "\($0.name)@\($0.current.version)" } == ["notes@2"])
        #expect(new.fleetInstanceCount == 1)
        #expect(try Self.startedVersion(new) == 2)
        #expect(try new.renewFleetLease(forSeconds: 60).isEmpty, "no change to report the second time")
    }

    @Test func aSessionOnAVersionOnlyAnotherInstanceHostsIsRefusedAndNothingIsWritten() throws {
        let store = MemoryStore(shared: true)
        let old = try Self.registry([NotesFlows.v1], on: store)
        let new = try Self.registry([NotesFlows.v1, NotesFlows.v2], on: store)
        // Each hears of the other at its next renewal.
        for registry in [old, new, old] { try registry.renewFleetLease(forSeconds: 60) }
        let created = try new.create(flow: "notes", version: 2, context: nil)
        let records = try store.records(of: created.id, after: 0)

        let read = #expect(throws: NavigationError.self) { try old.document(of: created.id) }
        #expect(read?.kind == .flowVersionUnavailable)
        #expect(read?.detail.contains("version 2 of flow 'notes' is hosted by other instances") == true, "\(read?.detail ?? "")")
        let stack = try #require(try JSONParser.parse(new.document(of: created.id).document)["stack"]?.arrayValue)
        let list = try #require(stack.first?["id"]?.stringValue)
        let sent = #expect(throws: NavigationError.self) {
            try old.send(ClientEvent(screen: list, event: "add"), to: created.id)
        }
        #expect(sent?.kind == .flowVersionUnavailable)
        let asked = #expect(throws: NavigationError.self) { try old.create(flow: "notes", version: 2, context: nil) }
        #expect(asked?.kind == .flowVersionUnavailable)
        #expect(try store.records(of: created.id, after: 0) == records, "the journal is unchanged")
        #expect(old.statistics.flowChanged == 0, "not counted as a flow that changed")

        // Once no live instance hosts it, the session is one this flow
        // cannot serve any more: 410, as on a lone server.
        new.releaseFleetLease()
        try old.renewFleetLease(forSeconds: 60)
        let gone = #expect(throws: NavigationError.self) { try old.document(of: created.id) }
        #expect(gone?.kind == .flowChanged)
    }

    @Test func aPinnedVersionStaysAndARampWaitsForEveryInstance() throws {
        let store = MemoryStore(shared: true)
        let old = try Self.registry([NotesFlows.v1], on: store)
        let rolledBack = try Self.registry(
            [NotesFlows.v1, NotesFlows.v2, NotesFlows.v3], on: store,
            FlowVersionSelection(flow: "notes", version: 2, percent: nil))
        let ramped = try Self.registry(
            [NotesFlows.v1, NotesFlows.v2], on: store, FlowVersionSelection(flow: "notes", version: 2, percent: 100))
        for registry in [old, rolledBack, ramped] { try registry.renewFleetLease(forSeconds: 60) }
        // The operator's choice is not the fleet's to move.
        #expect(try Self.startedVersion(rolledBack) == 2)
        // Version 2 is not everywhere: the ramp waits, new sessions start on 1.
        #expect(try Self.startedVersion(ramped) == 1)
        #expect(ramped.flowOverviews()[0].versions.compactMap(\.rampPercent).isEmpty)
        old.releaseFleetLease()
        try ramped.renewFleetLease(forSeconds: 60)
        #expect(try Self.startedVersion(ramped) == 2)
        #expect(ramped.flowOverviews()[0].versions.map(\.rampPercent) == [nil, 100])
    }

    /// A killed instance renews nothing: its lease runs out by itself.
    @Test func aLeaseThatIsNotRenewedRunsOut() throws {
        let store = MemoryStore(shared: true)
        let old = try Self.registry([NotesFlows.v1], on: store)
        let new = try Self.registry([NotesFlows.v1, NotesFlows.v2], on: store)
        try old.renewFleetLease(forSeconds: 0.05)
        try new.renewFleetLease(forSeconds: 60)
        #expect(try Self.startedVersion(new) == 1)
        try waitUntil("the old instance's lease to run out", pollingEvery: 0.02) {
            try new.renewFleetLease(forSeconds: 60)
            return new.fleetInstanceCount == 1
        }
        #expect(try Self.startedVersion(new) == 2)
    }

    @Test func aStoreOnlyThisProcessWritesHasNoFleet() throws {
        let registry = try Self.registry([NotesFlows.v1, NotesFlows.v2], on: MemoryStore())
        #expect(try registry.renewFleetLease(forSeconds: 60).isEmpty)
        #expect(registry.fleetInstanceCount == 1)
        #expect(try Self.startedVersion(registry) == 2)
    }
}
