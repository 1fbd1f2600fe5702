import Coordination
import FileStore
import FlowTestSupport
import Sessions
import StoreTestSupport
import TestSupport
import Testing

/// "Pinned to the file's exact content" (docs/durability.md#the-journal): a
/// session started on a flow made from a source (a flow file) records the
/// source's digest, the store keeps the source first, and any registry on
/// that store replays the session by that very content: after the file is
/// gone, after it changed without a new version, and on an instance that
/// never had it.
@Suite("Flow sources: sessions pinned to a flow file's content", .timeLimit(.minutes(10)), .hangGuard)
struct PinnedFlowSourceRegistryTests {
    /// Stands in for a flow file's content: its bytes name which notes flow it makes.
    private static let original = FlowSource(sha256: String(repeating: "a1", count: 32), bytes: Array("push".utf8))
    private static let changed = FlowSource(sha256: String(repeating: "b2", count: 32), bytes: Array("sheet".utf8))

    /// What the server's compiler does for a flow file: the same flow for the same bytes.
    private static let compile: FlowSourceCompiler = { source in
        switch String(decoding: source.bytes, as: UTF8.self) {
        case "push": NotesFlows.v1.madeFrom(source)
        case "sheet": NotesFlows.changedV1.madeFrom(source)
        default: nil
        }
    }

    private static func registry(hosting flows: [Flow], store: any SessionStore, compiling: Bool = true) throws -> SessionRegistry {
        SessionRegistry(hosting: try HostedFlows(flows, sourceCompiler: compiling ? compile : nil), store: store)
    }

    private static func top(_ snapshot: SessionSnapshot) throws -> String {
        let stack = try #require(try JSONParser.parse(snapshot.document)["stack"]?.arrayValue)
        return try #require(stack.last?["id"]?.stringValue)
    }

    /// Whether the editor of `snapshot`'s document is pushed (version 1) or presented (the changed file).
    private static func presentsTheEditor(_ snapshot: SessionSnapshot) throws -> Bool {
        let stack = try #require(try JSONParser.parse(snapshot.document)["stack"]?.arrayValue)
        return stack.last?["presentation"]?.stringValue == "sheet"
    }

    private static func add(in registry: SessionRegistry, _ snapshot: SessionSnapshot) throws -> SessionSnapshot {
        try registry.send(ClientEvent(screen: top(snapshot), event: "add"), to: snapshot.id)
    }

    /// A notes session on the original file's flow: created, then `add`
    /// (the editor pushed), in a file store in `directory`.
    private static func recordOnTheOriginal(in directory: TemporaryDirectory) throws -> SessionSnapshot {
        let store = try FileStore(directory: directory.path)
        defer { store.close() }
        let registry = try registry(hosting: [NotesFlows.v1.madeFrom(original)], store: store)
        return try add(in: registry, try registry.create(flow: "notes", context: nil))
    }

    @Test func theCreatedRecordHoldsTheDigestAndTheStoreKeepsTheSourceBeforeIt() throws {
        let store = MemoryStore()
        let registry = try Self.registry(hosting: [NotesFlows.v1.madeFrom(Self.original)], store: store)
        let created = try registry.create(flow: "notes", context: nil)
        let body = String(decoding: try #require(try store.records(of: created.id, after: 0).first).body, as: UTF8.self)
        #expect(body.hasPrefix(#"{"flow":"notes","flowVersion":1,"flowSHA256":"\#(Self.original.sha256)","context":"#), "\(body)")
        #expect(try store.flowSource(sha256: Self.original.sha256) == Self.original)
    }

    @Test func aSwiftFlowsCreatedRecordHasNoDigest() throws {
        let store = MemoryStore()
        let created = try Self.registry(hosting: [NotesFlows.v1], store: store).create(flow: "notes", context: nil)
        let body = String(decoding: try #require(try store.records(of: created.id, after: 0).first).body, as: UTF8.self)
        #expect(!body.contains("flowSHA256"), "\(body)")
    }

    @Test func aSessionReplaysByItsKeptSourceOnceItsFileIsGone() throws {
        let directory = TemporaryDirectory()
        let last = try Self.recordOnTheOriginal(in: directory)
        let store = try FileStore(directory: directory.path)
        defer { store.close() }
        // Restarted without the file: no flow named notes is hosted at all.
        let restarted = try Self.registry(hosting: [], store: store)
        let served = try restarted.document(of: last.id)
        #expect(served.document == last.document)
        #expect(served.version == 2)
        let saved = try restarted.send(ClientEvent(screen: Self.top(served), event: "save"), to: last.id)
        #expect(saved.version == 3)
        #expect(restarted.statistics.flowChanged == 0)
        #expect(throws: NavigationError.self) { try restarted.create(flow: "notes", context: nil) }
    }

    @Test func aChangedFileOfTheSameVersionServesOldSessionsByTheirContentAndNewOnesByItsOwn() throws {
        let directory = TemporaryDirectory()
        let last = try Self.recordOnTheOriginal(in: directory)
        let store = try FileStore(directory: directory.path)
        defer { store.close() }
        let restarted = try Self.registry(hosting: [NotesFlows.changedV1.madeFrom(Self.changed)], store: store)
        let served = try restarted.document(of: last.id)
        #expect(served.document == last.document, "replayed by the original content, not diverged")
        #expect(restarted.statistics.diverged == 0)
        #expect(try !Self.presentsTheEditor(served))
        let fresh = try Self.add(in: restarted, try restarted.create(flow: "notes", context: nil))
        #expect(try Self.presentsTheEditor(fresh), "a new session starts on the changed file")
        #expect(try store.flowSource(sha256: Self.changed.sha256) == Self.changed)
    }

    @Test func withoutACompilerAPinnedSessionIsRefusedNamingItsDigest() throws {
        let directory = TemporaryDirectory()
        let last = try Self.recordOnTheOriginal(in: directory)
        let store = try FileStore(directory: directory.path)
        defer { store.close() }
        let restarted = try Self.registry(hosting: [NotesFlows.changedV1.madeFrom(Self.changed)], store: store, compiling: false)
        let error = #expect(throws: NavigationError.self) { try restarted.document(of: last.id) }
        #expect(error?.kind == .flowChanged)
        #expect(error?.detail.contains("SHA-256 \(Self.original.sha256)") == true, "\(error?.detail ?? "")")
    }

    @Test func anInstanceThatNeverHadTheFileServesItsSessionsFromTheSharedStore() throws {
        let store = MemoryStore(shared: true)
        let withFile = try Self.registry(hosting: [NotesFlows.v1.madeFrom(Self.original), NotesFlows.v3], store: store)
        let withoutFile = try Self.registry(hosting: [NotesFlows.v3], store: store)
        let created = try withFile.create(flow: "notes", version: 1, context: nil)
        // Version 1 is hosted only by the other instance, yet served here: from the store's copy.
        let added = try Self.add(in: withoutFile, try withoutFile.document(of: created.id))
        #expect(added.version == 2)
        #expect(try !Self.presentsTheEditor(added), "version 1 pushes the editor")
        #expect(try withFile.document(of: created.id).document == added.document)
    }

    @Test func aStoreThatKeepsNoSourcesRefusesTheSessionAndRecordsNothing() throws {
        let store = MinimalMemoryStore()
        let registry = try Self.registry(hosting: [NotesFlows.v1.madeFrom(Self.original)], store: store)
        let error = #expect(throws: NavigationError.self) { try registry.create(flow: "notes", context: nil) }
        #expect(error?.kind == .storeUnavailable)
        #expect(error?.detail.contains("keeps no flow sources") == true, "\(error?.detail ?? "")")
        #expect(store.memory.sessions().isEmpty)
        #expect(registry.count == 0)
    }
}
