import Coordination
import FileStore
import FlowTestSupport
import Sessions
import StoreTestSupport
import TestSupport
import Testing

/// docs/writing-flows.md#changing-a-flow, "A new version, side by side":
/// several versions of one flow side by side in one registry, each session
/// replayed by the version that started it (after a restart too), new sessions
/// on the current version, and each version's live sessions counted.
@Suite("Flow versions: the registry", .timeLimit(.minutes(10)), .hangGuard)
struct FlowVersionsRegistryTests {
    /// The top screen's id and the presentation of every screen, bottom to top.
    private static func shown(_ snapshot: SessionSnapshot) throws -> (top: String, presentations: [String]) {
        let stack = try #require(try JSONParser.parse(snapshot.document)["stack"]?.arrayValue)
        let top = try #require(stack.last?["id"]?.stringValue)
        return (top, stack.compactMap { $0["presentation"]?.stringValue })
    }

    /// Adds a note: the editor is pushed by version 1 and presented by version 2.
    private static func add(in registry: SessionRegistry, _ snapshot: SessionSnapshot) throws -> [String] {
        let top = try shown(snapshot).top
        return try shown(registry.send(ClientEvent(screen: top, event: "add"), to: snapshot.id)).presentations
    }

    private static func versions(of registry: SessionRegistry) -> [FlowOverview.Version] {
        registry.flowOverviews().first { $0.name == "notes" }?.versions ?? []
    }

    // MARK: - Side by side

    @Test func newSessionsStartOnTheHighestVersionAndAVersionCanBeAskedFor() throws {
        let registry = SessionRegistry(flows: [NotesFlows.v1, NotesFlows.v2])
        #expect(try Self.add(in: registry, registry.create(flow: "notes", context: nil)) == ["root", "sheet"])
        #expect(try Self.add(in: registry, registry.create(flow: "notes", version: 1, context: nil)) == ["root", "push"])
        #expect(try Self.add(in: registry, registry.create(flow: "notes", version: 2, context: nil)) == ["root", "sheet"])
        #expect(registry.flow(named: "notes")?.version == 2)
        #expect(registry.flow(named: "notes", version: 1)?.description == "Notes, version 1.")
        #expect(registry.flow(named: "notes", version: 3) == nil)
    }

    @Test func aVersionThatIsNotHostedIsNotFoundAndListsTheHostedOnes() throws {
        let registry = SessionRegistry(flows: [NotesFlows.v2, NotesFlows.v1])
        let error = #expect(throws: NavigationError.self) { try registry.create(flow: "notes", version: 3, context: nil) }
        #expect(error?.kind == .flowNotFound)
        #expect(error?.detail == "this server does not host version 3 of flow 'notes'; hosted versions: 1, 2")
        #expect(registry.count == 0)
    }

    @Test func sessionsArePinnedToTheirVersionAcrossARestart() throws {
        let directory = TemporaryDirectory()
        let before = try withFileStore(in: directory) { store in
            let registry = SessionRegistry(flows: [NotesFlows.v1], store: store)
            return try (0..<3).map { _ in try registry.create(flow: "notes", context: nil) }
        }
        try withFileStore(in: directory) { store in
            let registry = SessionRegistry(flows: [NotesFlows.v1, NotesFlows.v2], store: store)
            for snapshot in before {
                // Restored by version 1: the same document, and version 1's behaviour.
                #expect(try registry.document(of: snapshot.id).document == snapshot.document)
                #expect(try Self.add(in: registry, snapshot) == ["root", "push"])
            }
            let new = try registry.create(flow: "notes", context: nil)
            #expect(try Self.add(in: registry, new) == ["root", "sheet"])
        }
    }

    @Test func aVersionNoLongerHostedIsGoneNamingTheHostedVersions() throws {
        let directory = TemporaryDirectory()
        let id = try withFileStore(in: directory) { store in
            try SessionRegistry(flows: [NotesFlows.v1], store: store).create(flow: "notes", context: nil).id
        }
        try withFileStore(in: directory) { store in
            let registry = SessionRegistry(flows: [NotesFlows.v2, NotesFlows.v3], store: store)
            let error = #expect(throws: NavigationError.self) { try registry.document(of: id) }
            #expect(error?.kind == .flowChanged)
            #expect(error?.recordedFlowVersion == 1)
            #expect(error?.currentFlowVersion == 3)
            #expect(error?.detail.contains("hosted versions: 2, 3") == true, "\(error?.detail ?? "")")
            #expect(registry.unhostedFlowSessionCount == 1)
        }
    }

    // MARK: - Current versions and ramps

    @Test func aSelectedVersionIsCurrent() throws {
        let hosted = try HostedFlows(
            [NotesFlows.v1, NotesFlows.v2], selections: [FlowVersionSelection(flow: "notes", version: 1)])
        let registry = SessionRegistry(hosting: hosted)
        for _ in 0..<20 {
            #expect(try Self.add(in: registry, registry.create(flow: "notes", context: nil)) == ["root", "push"])
        }
        #expect(Self.versions(of: registry).map(\.isCurrent) == [true, false])
        #expect(Self.versions(of: registry).map(\.sessions) == [20, 0])
    }

    @Test(arguments: [0, 100])
    func aRampOfNoneOrAllTakesNoneOrAll(percent: Int) throws {
        let hosted = try HostedFlows(
            [NotesFlows.v1, NotesFlows.v2],
            selections: [
                FlowVersionSelection(flow: "notes", version: 1), FlowVersionSelection(flow: "notes", version: 2, percent: percent),
            ])
        let registry = SessionRegistry(hosting: hosted)
        for _ in 0..<50 { _ = try registry.create(flow: "notes", context: nil) }
        #expect(Self.versions(of: registry).map(\.sessions) == (percent == 0 ? [50, 0] : [0, 50]))
        #expect(Self.versions(of: registry).map(\.rampPercent) == [nil, percent])
    }

    // MARK: - Live sessions per version

    @Test func liveSessionsPerVersionAreCountedAtOpenAndAsTheyStartAndEnd() throws {
        let directory = TemporaryDirectory()
        try withFileStore(in: directory) { store in
            let registry = SessionRegistry(flows: [NotesFlows.v1], store: store)
            for _ in 0..<3 { _ = try registry.create(flow: "notes", context: nil) }
            try registry.end(try registry.create(flow: "notes", context: nil).id)
        }
        try withFileStore(in: directory) { store in
            let registry = SessionRegistry(flows: [NotesFlows.v1, NotesFlows.v2], store: store)
            #expect(Self.versions(of: registry).map(\.sessions) == [3, 0])
            let new = try registry.create(flow: "notes", context: nil)
            #expect(Self.versions(of: registry).map(\.sessions) == [3, 1])
            try registry.end(new.id)
            // One of version 1 ended without being touched since the restart.
            let old = try #require(store.sessions().first { !$0.ended })
            try registry.end(old.id)
            #expect(Self.versions(of: registry).map(\.sessions) == [2, 0])
        }
    }
}
