import TestSupport
import Testing

@testable import Coordination

/// The engine's part of a migration: a flow version that says how it takes
/// over an older one's sessions, the older session as its user sees it,
/// and a session that starts at a version after 1 and keeps counting.
@Suite("Migrations in the engine", .timeLimit(.minutes(10)), .hangGuard)
struct MigrationEngineTests {
    static let older = Flow(name: "notes", description: "v1") { environment in EditorCoordinator(environment: environment, patched: false) }
    static let newer = Flow(name: "notes", description: "v2", version: 2) { environment in
        EditorCoordinator(environment: environment, patched: false)
    }
    .migrating(from: 1) { old in old.screenNames == ["list", "editor"] ? .start(context: ["from": "editor"]) : .end }

    @Test func aVersionSaysWhichVersionsItTakesOverAndHow() throws {
        #expect(Self.newer.migratesFrom == [1])
        #expect(Self.older.migratesFrom.isEmpty)
        #expect(Self.newer.migration(from: 3) == nil)
        let replaced = Self.newer.migrating(from: 1) { _ in .end }.migrating(from: 0) { _ in .start() }
        #expect(replaced.migratesFrom == [0, 1])
        let old = try Session(id: "n", flow: Self.older, context: nil)
        try old.send(ClientEvent(screen: "s1", event: "add"))
        #expect(replaced.migration(from: 1)?(old.olderSession) == .end)
        #expect(Self.newer.migration(from: 1)?(old.olderSession) == .start(context: ["from": "editor"], link: nil))
    }

    @Test func theOlderSessionIsWhatItsUserSees() throws {
        let old = try Session(id: "n", flow: Self.older, context: nil)
        try old.send(ClientEvent(screen: "s1", event: "add"))
        let seen = old.olderSession
        #expect((seen.flowVersion, seen.version, seen.isFinished) == (1, 2, false))
        #expect(seen.stack.map(\.name) == ["list", "editor"])
        #expect(seen.stack.map(\.title) == ["List", "Editor"])
        #expect(seen.stack.first?.params == [:])
    }

    @Test func aSessionStartedAtALaterVersionKeepsCounting() throws {
        let session = try Session(id: "n", flow: Self.newer, context: nil, createdAt: 7_000, startingAt: 5)
        #expect((session.version, session.firstVersion) == (5, 5))
        try session.send(ClientEvent(screen: "s1", event: "add"), expectedVersion: 5, at: 8_000)
        #expect(session.version == 6)
        #expect(session.time(ofVersion: 6) == 8_000)
        #expect(session.time(ofVersion: 5) == 7_000)
        #expect(session.history.entries.map(\.version) == [5, 6])
        // The versions before 5 were another flow version's: a client animating from them reloads.
        #expect(session.history.entries(since: 3).truncated)
        #expect(!session.history.entries(since: 4).truncated)
        let restored = try Session(
            restoring: "n", flow: Self.newer, context: session.context, changes: session.acceptedChanges, createdAt: 7_000,
            startingAt: 5)
        #expect(restored.document() == session.document())
        #expect(restored.version == 6)
    }
}
