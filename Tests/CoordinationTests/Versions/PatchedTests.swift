import TestSupport
import Testing

@testable import Coordination

/// `environment.patched(_:)`: true live, with a marker in the change that
/// asked; on replay true exactly where a marker was recorded. So a session
/// recorded before a patch replays the old branch and takes the new one
/// for its next live changes, and one recorded after it replays the new one.
@Suite("Patches: one version for sessions recorded before and after a change", .timeLimit(.minutes(10)), .hangGuard)
struct PatchedTests {
    /// `notes` as it was before the patch: `add` pushes the editor.
    static let unpatched = Flow(name: "notes", description: "Before the patch.") { environment in
        EditorCoordinator(environment: environment, patched: false)
    }

    /// The same version with the patch: `add` presents the editor as a sheet,
    /// where `patched("sheet-editor")` says so; `start()` asks `"titled-list"`.
    static let patched = Flow(name: "notes", description: "With the patch.") { environment in
        EditorCoordinator(environment: environment, patched: true)
    }

    private static func presentations(_ session: Session) -> [String] {
        session.stack.entries.map(\.presentation.rawValue)
    }

    private static func send(_ event: String, to session: Session) throws {
        try session.send(ClientEvent(screen: try #require(session.stack.top?.screen.id), event: event))
    }

    private static func restored(_ session: Session, with flow: Flow) throws -> Session {
        try Session(
            restoring: session.id, flow: flow, context: session.context, changes: session.acceptedChanges,
            startPatches: session.startPatches)
    }

    @Test func liveAPatchIsTakenAndMarkedInTheChangeThatAsked() throws {
        let session = try Session(id: "n", flow: Self.patched, context: nil)
        #expect(session.startPatches == ["titled-list"])
        #expect(session.stack.top?.screen.title == "Your notes")
        try Self.send("add", to: session)
        #expect(Self.presentations(session) == ["root", "sheet"])
        #expect(session.acceptedChanges.map(\.patches) == [["sheet-editor"]])
        #expect(session.lastChangePatches == ["sheet-editor"])
        try Self.send("save", to: session)
        // `save` asked no patch: its change has no marker.
        #expect(session.acceptedChanges.map(\.patches) == [["sheet-editor"], []])
    }

    @Test func aSessionRecordedBeforeThePatchReplaysTheOldBranchThenTakesTheNewOne() throws {
        let before = try Session(id: "n", flow: Self.unpatched, context: nil)
        try Self.send("add", to: before)
        #expect(Self.presentations(before) == ["root", "push"])
        let after = try Self.restored(before, with: Self.patched)
        #expect(after.document() == before.document())
        #expect(after.stack.entries.first?.screen.title == "List", "the start replayed without the marker: the old list")
        try Self.send("save", to: after)
        try Self.send("add", to: after)
        #expect(Self.presentations(after) == ["root", "sheet"])
        #expect(after.acceptedChanges.map(\.patches) == [[], [], ["sheet-editor"]])
    }

    @Test func aSessionRecordedWithThePatchReplaysTheNewBranch() throws {
        let live = try Session(id: "n", flow: Self.patched, context: nil)
        try Self.send("add", to: live)
        let replayed = try Self.restored(live, with: Self.patched)
        #expect(replayed.document() == live.document())
        #expect(Self.presentations(replayed) == ["root", "sheet"])
    }

    @Test func anUndoneEventKeepsTheMarkersOfTheChangesBeforeIt() throws {
        let session = try Session(id: "n", flow: Self.patched, context: nil)
        try Self.send("add", to: session)
        let document = session.document()
        // `crash` fails after changing the stack: the session is rebuilt
        // from its changes, their markers included.
        #expect(throws: NavigationError.self) { try Self.send("crash", to: session) }
        #expect(session.document() == document)
        #expect(Self.presentations(session) == ["root", "sheet"])
        #expect(session.acceptedChanges.map(\.patches) == [["sheet-editor"]])
    }

    @Test func aPatchAskedTwiceInOneChangeIsMarkedOnce() throws {
        let session = try Session(id: "n", flow: Self.patched, context: nil)
        try Self.send("add", to: session)
        try Self.send("askTwice", to: session)
        #expect(session.lastChangePatches == ["twice"])
    }
}

final class EditorCoordinator: Coordinator {
    private let isPatched: Bool

    init(environment: CoordinatorEnvironment, patched: Bool) {
        isPatched = patched
        super.init(environment: environment)
    }

    override func start() {
        let list = Screen("list").on("add") { [unowned self] _ in
            let presented = isPatched && environment.patched("sheet-editor")
            let editor = Screen("editor")
                .on("save") { [unowned self] _ in
                    if presented { router.dismiss() } else { router.pop() }
                }
                .on("crash") { [unowned self] _ in
                    router.push(Screen("half"))
                    throw EditorFailure()
                }
                .on("askTwice") { [unowned self] _ in
                    _ = environment.patched("twice")
                    _ = environment.patched("twice")
                }
            if presented { router.present(editor) } else { router.push(editor) }
        }
        if isPatched && environment.patched("titled-list") { list.title = "Your notes" }
        router.setRoot(list)
    }
}

struct EditorFailure: Error {}
