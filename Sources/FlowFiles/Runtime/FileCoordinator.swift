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
    var storeValues: JSONObject { storeValue.objectValue ?? JSONObject() }

    /// ``storeValues`` as the value `store` reads: the root's copy of it.
    var storeValue: JSONValue {
        // A coordinator let go by its parent has no root: it reads the shared store.
        fileRoot?.storeCopy ?? store[Self.storeKey] ?? .object(JSONObject())
    }

    /// Held by the root: the file's store as the session's ``SharedStore``
    /// has it, read from here because a read of the shared store casts its
    /// value from `Any` (~1,000 instructions). Every write goes to both,
    /// so that the session sees it (an event that wrote and then was
    /// refused is undone) and a new session object starts from it.
    private var storeCopy: JSONValue?

    /// Writes `value` under `key` of the file's store.
    func setStoreValue(_ value: JSONValue, for key: String) {
        var values = storeValues
        values[key] = value
        let stored = JSONValue.object(values)
        if let root = fileRoot, root.storeCopy != nil { root.storeCopy = stored }
        store[Self.storeKey] = stored
    }

    /// The root of this coordinator's tree, when it is a file's.
    private var fileRoot: FileCoordinator? {
        var top: Coordinator = self
        while let parent = top.parentCoordinator { top = parent }
        return top as? FileCoordinator
    }

    override func start() {
        if parentCoordinator == nil {
            if !store.contains(Self.storeKey) {
                store[Self.storeKey] = .object(JSONObject(program.storeKeys.map { ($0, program.definition.store[$0] ?? .null) }))
            }
            storeCopy = store[Self.storeKey] ?? .object(JSONObject())
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
    func data(screen: ShownFileScreen?, extra: [(DataRoot, JSONValue)] = []) -> ActionData {
        ActionData(coordinator: self, screen: screen, extra: extra)
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
            if let params = entry.changedParams(of: screen, data: data(screen: entry)) { router.update(screen, params: params) }
        }
    }
}

/// A screen a file coordinator showed: the screen, weakly (the stack owns
/// it), its definition, and its own `screen` values. The coordinator holds
/// it while the screen lives, so the screen's handlers hold it unowned.
final class ShownFileScreen {
    weak var screen: Screen?
    let definition: ScreenDefinition
    var values: JSONObject

    init(definition: ScreenDefinition, values: JSONObject) {
        self.definition = definition
        self.values = values
    }

    /// The params as the definition says, with `data`.
    func params(data: ActionData) -> JSONObject {
        if let literal = definition.literalParams { return literal }
        var params = JSONObject()
        for (name, value) in definition.params { params[name] = value.evaluate(reading: data) }
        return params
    }

    /// `screen`'s params brought up to date with `data`, or nil when none
    /// changed. Only the params with an expression are evaluated again: a
    /// literal one keeps the value it was shown with.
    func changedParams(of screen: Screen, data: ActionData) -> JSONObject? {
        var params = screen.params
        var changed = false
        for (name, value) in definition.params where !value.isLiteral {
            let current = value.evaluate(reading: data)
            if params[name] != current {
                params[name] = current
                changed = true
            }
        }
        return changed ? params : nil
    }
}
