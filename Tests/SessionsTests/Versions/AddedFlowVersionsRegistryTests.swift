import Coordination
import FlowTestSupport
import Flows
import Sessions
import TestSupport
import Testing

/// Versions hosted while a registry runs (``SessionRegistry/addFlowVersions(_:)``,
/// what a `SIGHUP` reload of flow files does,
/// docs/flow-files.md#reloading-with-sighup): new sessions start on the
/// highest version, the added ones included, live ones keep theirs, and what
/// counts by version and by flow counts the added ones too.
@Suite("Flow versions: added while running", .timeLimit(.minutes(10)), .hangGuard)
struct AddedFlowVersionsRegistryTests {
    private static func presentations(_ snapshot: SessionSnapshot) throws -> [String] {
        let stack = try #require(try JSONParser.parse(snapshot.document)["stack"]?.arrayValue)
        return stack.compactMap { $0["presentation"]?.stringValue }
    }

    private static func add(in registry: SessionRegistry, _ snapshot: SessionSnapshot) throws -> SessionSnapshot {
        let stack = try #require(try JSONParser.parse(snapshot.document)["stack"]?.arrayValue)
        let top = try #require(stack.last?["id"]?.stringValue)
        return try registry.send(ClientEvent(screen: top, event: "add"), to: snapshot.id)
    }

    private static func versions(of registry: SessionRegistry, _ name: String = "notes") -> [FlowOverview.Version] {
        registry.flowOverviews().first { $0.name == name }?.versions ?? []
    }

    @Test func anAddedVersionTakesNewSessionsAndLiveOnesKeepTheirs() throws {
        let registry = SessionRegistry(flows: [NotesFlows.v1])
        let old = try registry.create(flow: "notes", context: nil)
        try registry.addFlowVersions([NotesFlows.v2])
        #expect(registry.flow(named: "notes")?.version == 2)
        #expect(try Self.presentations(Self.add(in: registry, registry.create(flow: "notes", context: nil))) == ["root", "sheet"])
        #expect(try Self.presentations(Self.add(in: registry, old)) == ["root", "push"], "version 1 pushes, as it did")
        let versions = Self.versions(of: registry)
        #expect(versions.map(\.version) == [1, 2])
        #expect(versions.map(\.sessions) == [1, 1])
        #expect(versions.map(\.isCurrent) == [false, true])
    }

    @Test func aSelectedVersionStaysCurrentWhenAHigherOneIsAdded() throws {
        let hosted = try HostedFlows([NotesFlows.v1], selections: [FlowVersionSelection(flow: "notes", version: 1)])
        let registry = SessionRegistry(hosting: hosted)
        try registry.addFlowVersions([NotesFlows.v2])
        #expect(registry.flow(named: "notes")?.version == 1)
        #expect(try registry.create(flow: "notes", version: 2, context: nil).version == 1)
    }

    @Test func anAddedFlowIsListedCountedAndServed() throws {
        let registry = SessionRegistry(flows: [NotesFlows.v1])
        try registry.addFlowVersions([ExchangeFlow.flow])
        #expect(registry.flowOverviews().map(\.name) == ["notes", "exchange"])
        let exchange = try registry.create(flow: "exchange", context: nil)
        let stack = try #require(try JSONParser.parse(exchange.document)["stack"]?.arrayValue)
        let rates = try #require(stack.last?["id"]?.stringValue)
        _ = try registry.send(ClientEvent(screen: rates, event: "select", payload: ["code": "USD"]), to: exchange.id)
        #expect(registry.eventCounts.count(flow: "exchange", .accepted) == 1)
        #expect(registry.eventCounts.count(flow: "notes", .accepted) == 0)
        #expect(Self.versions(of: registry, "exchange").map(\.sessions) == [1])
    }

    @Test func aVersionHostedAlreadyIsRefusedAndNothingChanges() throws {
        let registry = SessionRegistry(flows: [NotesFlows.v1])
        let error = #expect(throws: HostedFlowsError.self) { try registry.addFlowVersions([NotesFlows.v2, NotesFlows.changedV1]) }
        #expect(error == .duplicateVersion(flow: "notes", version: 1))
        #expect(Self.versions(of: registry).map(\.version) == [1], "version 2 of the same call is not hosted either")
    }

    @Test func atMostTheLimitOfVersionsIsAddedOverARegistrysLife() throws {
        let registry = SessionRegistry(flows: [NotesFlows.v1])
        let limit = SessionRegistry.maxAddedFlowVersions
        try registry.addFlowVersions((2...limit).map(NotesFlows.notes(version:)))
        try registry.addFlowVersions([NotesFlows.notes(version: limit + 1)])
        let error = #expect(throws: HostedFlowsError.self) { try registry.addFlowVersions([NotesFlows.notes(version: limit + 2)]) }
        #expect(error == .tooManyAddedVersions(limit: limit))
        #expect(error?.description.contains("restart it to host more") == true)
        #expect(registry.flow(named: "notes")?.version == limit + 1)
        #expect(try registry.create(flow: "notes", context: nil).version == 1)
        #expect(Self.versions(of: registry).last?.sessions == 1)
    }

    /// On a shared store an added version takes new sessions once every
    /// live instance hosts it, as a deploy's does.
    @Test func onASharedStoreAnAddedVersionWaitsForEveryInstance() throws {
        let store = MemoryStore(shared: true)
        let first = SessionRegistry(flows: [NotesFlows.v1], store: store)
        let second = SessionRegistry(flows: [NotesFlows.v1], store: store)
        for registry in [first, second, first] { try registry.renewFleetLease(forSeconds: 60) }
        try first.addFlowVersions([NotesFlows.v2])
        try first.renewFleetLease(forSeconds: 60)
        #expect(first.flow(named: "notes")?.version == 1, "the other instance does not host version 2")
        try second.addFlowVersions([NotesFlows.v2])
        for registry in [second, first] { try registry.renewFleetLease(forSeconds: 60) }
        #expect(first.flow(named: "notes")?.version == 2)
        #expect(second.flow(named: "notes")?.version == 2)
    }
}
