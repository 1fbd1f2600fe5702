import Coordination

/// Two versions of a `notes` flow that navigate differently from one
/// screen and one event: version 1 pushes the editor, version 2 presents it
/// as a sheet. What one version's sessions did tells which code ran them.
/// For the tests of flow versions, with and without a server.
public enum NotesFlows {
    public static func notes(version: Int) -> Flow {
        Flow(name: "notes", description: "Notes, version \(version).", version: version) { environment in
            NotesCoordinator(environment: environment, presentsEditor: version >= 2)
        }
    }

    public static let v1 = notes(version: 1)
    public static let v2 = notes(version: 2)
    public static let v3 = notes(version: 3)
}

public final class NotesCoordinator: Coordinator {
    private let presentsEditor: Bool

    public init(environment: CoordinatorEnvironment, presentsEditor: Bool) {
        self.presentsEditor = presentsEditor
        super.init(environment: environment)
    }

    public override func start() {
        router.setRoot(
            Screen("list").on("add") { [unowned self] _ in
                let editor = Screen("editor").on("save") { [unowned self] _ in
                    if presentsEditor { router.dismiss() } else { router.pop() }
                }
                if presentsEditor { router.present(editor) } else { router.push(editor) }
            })
    }
}
