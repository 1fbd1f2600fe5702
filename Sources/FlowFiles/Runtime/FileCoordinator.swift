/// A coordinator of a flow file: a real ``Coordinator`` whose `start()`
/// and event handlers run the file's actions. Its class, one per name
/// (``FileCoordinatorTypes``), is what the document and history show.
class FileCoordinator: Coordinator {
    let program: FileProgram
    let definition: CoordinatorDefinition
    /// What the parent passed to `startChild`.
    let input: JSONValue
    /// What `finish` gave; the parent's `then` reads it as `output`.
    private(set) var output: JSONValue = .null
    /// The screens this coordinator showed and their own values, while they live.
    var shown: [ShownFileScreen] = []
    /// Set once its `start` actions have run: from then on it follows the
    /// links that name it.
    private(set) var hasStarted = false

    required init(environment: CoordinatorEnvironment, program: FileProgram, definition: CoordinatorDefinition, input: JSONValue) {
        self.program = program
        self.definition = definition
        self.input = input
        super.init(environment: environment)
    }

    /// Where a flow file's store lives in the session's ``SharedStore``: one
    /// object of every key (``FileProgram/storeKeys``), so that the data an
    /// expression reads takes one lookup, not one per key.
    static let storeKey = StoreKey<JSONValue>("flow-file.store")

    /// The file's store: every key, `null` until written.
    var storeValues: JSONObject { store[Self.storeKey]?.objectValue ?? JSONObject() }

    /// Writes `value` under `key` of the file's store.
    func setStoreValue(_ value: JSONValue, for key: String) {
        var values = storeValues
        values[key] = value
        store[Self.storeKey] = .object(values)
    }

    override func start() {
        if parentCoordinator == nil, !store.contains(Self.storeKey) {
            store[Self.storeKey] = .object(JSONObject(program.storeKeys.map { ($0, program.definition.store[$0] ?? .null) }))
        }
        var run = ActionRun(coordinator: self, screen: nil)
        changing {
            // Actions outside an event cannot refuse it: the load checks keep `reject` out of `start`.
            try? run.perform(definition.start)
            hasStarted = true
            // A link held until a coordinator of this class runs is followed now.
            if heldLink != nil { followHeldLink() }
        }
    }

    /// Runs in the root only: how many ``changing(_:)`` are under way.
    private var openChanges = 0

    /// Runs `body`, one piece of a change of the session (a start, an
    /// event's actions, a child's or an effect's answer, a link), then
    /// brings every shown screen's params up to date: once per change, when
    /// the outermost piece ends, not after each one inside it.
    func changing<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        var top: Coordinator = self
        while let parent = top.parentCoordinator { top = parent }
        let root = top as? FileCoordinator
        root?.openChanges += 1
        defer { root?.openChanges -= 1 }
        try body()
        if root?.openChanges ?? 1 == 1 { refresh(top) }
    }

    /// Finishes with `value` as the output its parent's `then` reads.
    func finish(with value: JSONValue) {
        output = value
        if parentCoordinator == nil { result = value }
        finish()
    }

    /// The data roots as `var` reads them, for an action of this coordinator.
    func data(screen: ShownFileScreen?, extra: [(DataRoot, JSONValue)] = []) -> JSONValue {
        var data: JSONObject = [
            DataRoot.context.rawValue: .object(environment.context), DataRoot.store.rawValue: .object(storeValues),
            DataRoot.input.rawValue: input, DataRoot.screen.rawValue: .object(screen?.values ?? JSONObject()),
        ]
        for (root, value) in extra { data[root.rawValue] = value }
        return .object(data)
    }

    private func refresh(_ coordinator: Coordinator) {
        if let file = coordinator as? FileCoordinator, !file.isFinished { file.refreshScreens() }
        coordinator.childCoordinators.forEach(refresh)
    }

    private func refreshScreens() {
        let onScreen = environment.navigation.shownEntries
        shown.removeAll { $0.screen == nil }
        for entry in shown {
            guard let screen = entry.screen, onScreen.contains(where: { $0.screen === screen }) else { continue }
            let params = entry.params(data: data(screen: entry))
            if params != screen.params { router.update(screen, params: params) }
        }
    }
}

/// A screen a file coordinator showed: the screen, weakly (the stack owns
/// it), its definition, and its own `screen` values.
final class ShownFileScreen {
    weak var screen: Screen?
    let definition: ScreenDefinition
    var values: JSONObject

    init(definition: ScreenDefinition, values: JSONObject) {
        self.definition = definition
        self.values = values
    }

    /// The params as the definition says, with `data`.
    func params(data: JSONValue) -> JSONObject {
        var params = JSONObject()
        for (name, value) in definition.params { params[name] = value.evaluate(data) }
        return params
    }
}
