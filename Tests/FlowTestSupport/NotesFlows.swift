import Coordination

/// Versions of a `notes` flow that navigate differently from one screen and
/// one event: version 1 pushes the editor, version 2 presents it as a sheet,
/// and ``patchedV1`` is version 1 with the sheet behind a patch. What a
/// session did tells which code ran it. For the tests of flow versions,
/// with and without a server.
public enum NotesFlows {
    public static func notes(version: Int) -> Flow {
        Flow(name: "notes", description: "Notes, version \(version).", version: version, context: context, links: NotesRoute.self) {
            environment in
            NotesCoordinator(environment: environment, editor: version >= 2 ? .sheet : .push)
        }
    }

    /// `draft`: a note's text the list shows (`params.draft`); `""` by default.
    public static let context = [ContextField("draft", .string, default: "")]

    public static let v1 = notes(version: 1)
    public static let v2 = notes(version: 2)
    public static let v3 = notes(version: 3)

    /// Version 2, taking over sessions of version 1: one showing the editor
    /// starts on `/editor` with the note it edited as its draft, one on the
    /// list starts on the list, one whose list says `end` ends.
    public static let v2MigratingFromV1 = v2.migrating(from: 1) { old in
        if old.stack.first?.params["draft"] == "end" { return .end }
        let editing = old.screenNames.contains("editor")
        return .start(context: ["draft": .string(editing ? "migrated from the editor" : "")], link: editing ? "/editor" : nil)
    }

    /// Version 1 changed without a bump or a patch: `add` presents the
    /// editor as a sheet. A session recorded by ``v1`` diverges from where
    /// it showed the editor.
    public static let changedV1 = Flow(
        name: "notes", description: "Notes, version 1, changed.", version: 1, context: context, links: NotesRoute.self
    ) { environment in
        NotesCoordinator(environment: environment, editor: .sheet)
    }

    /// Version 1 with other wording only: its screens' titles and the
    /// label of `add`. Sessions recorded by ``v1`` replay the same.
    public static let relabelledV1 = Flow(
        name: "notes", description: "Notes, version 1, reworded.", version: 1, context: context, links: NotesRoute.self
    ) { environment in
        NotesCoordinator(environment: environment, editor: .push, wording: "Write a note")
    }

    /// Version 1 changed without a bump: `add` presents the editor as a
    /// sheet where `environment.patched("sheet-editor")` says so.
    public static let patchedV1 = Flow(
        name: "notes", description: "Notes, version 1, patched.", version: 1, context: context, links: NotesRoute.self
    ) { environment in
        NotesCoordinator(environment: environment, editor: .sheetWhenPatched)
    }
}

/// `/editor`: the editor open over the list.
public enum NotesRoute: DeepLinkRoute {
    case editor

    public static let patterns = [LinkPattern("/editor", description: "The editor, open over the list.")]

    public init(link: DeepLink) throws(LinkRejection) {
        self = .editor
    }
}

public final class NotesCoordinator: Coordinator, DeepLinkHandler {
    /// How `add` shows the editor.
    public enum Editor: Sendable {
        case push, sheet
        /// A sheet where the patch `sheet-editor` is taken, else pushed.
        case sheetWhenPatched
    }

    private let editor: Editor
    /// The label of `add` and the title of both screens; nil: the defaults.
    private let wording: String?

    public init(environment: CoordinatorEnvironment, editor: Editor, wording: String? = nil) {
        self.editor = editor
        self.wording = wording
        super.init(environment: environment)
    }

    public override func start() {
        router.setRoot(
            Screen("list", title: wording, params: ["draft": environment.context["draft"] ?? ""]).on("add", label: wording) {
                [unowned self] _ in
                showEditor()
            })
    }

    public func handle(_ route: NotesRoute) -> LinkHandling {
        showEditor()
        return .followed
    }

    private func showEditor() {
        let presented =
            switch editor {
            case .push: false
            case .sheet: true
            case .sheetWhenPatched: environment.patched("sheet-editor")
            }
        let screen = Screen("editor", title: wording).on("save") { [unowned self] _ in
            if presented { router.dismiss() } else { router.pop() }
        }
        if presented { router.present(screen) } else { router.push(screen) }
    }
}
