/// Runs a list of a flow file's actions for one coordinator, in order: the
/// router calls, store writes, children and effects they say. A `reject`
/// throws; the session then undoes the whole change.
struct ActionRun {
    /// Held for the run: an action may finish it, and its parent lets it go.
    let coordinator: FileCoordinator
    /// The screen the event is on (or was, for an effect's or a child's
    /// answer): what `screen` reads and `set screen.K` writes.
    let screen: ShownFileScreen?
    /// The roots this run adds: `payload`, `outcome`, `failure`, `output`, `link`.
    var extra: [(DataRoot, JSONValue)] = []

    init(coordinator: FileCoordinator, screen: ShownFileScreen?, extra: [(DataRoot, JSONValue)] = []) {
        self.coordinator = coordinator
        self.screen = screen
        self.extra = extra
    }

    private var data: ActionData { coordinator.data(screen: screen, extra: extra) }

    mutating func perform(_ actions: [FlowAction]) throws(EventRejection) {
        for action in actions {
            guard !coordinator.isFinished else { return }
            try perform(action)
        }
    }

    private mutating func perform(_ action: FlowAction) throws(EventRejection) {
        switch action {
        case .show(let name, let how, let style, let with):
            show(name, how: how, style: style, values: with.map { $0.evaluate(reading: data).objectValue ?? JSONObject() } ?? JSONObject())
        case .pop: coordinator.router.pop()
        case .popToRoot: coordinator.router.popToRoot()
        case .dismiss: coordinator.router.dismiss()
        case .set(let assignments):
            for (target, value) in assignments {
                let evaluated = value.evaluate(reading: data)
                switch target {
                case .store(let key): coordinator.setStoreValue(evaluated, for: key)
                case .screen(let key): screen?.values[key] = evaluated
                }
            }
        case .startChild(let name, let with, let then):
            startChild(name, input: with?.evaluate(reading: data) ?? .null, then: then)
        case .finish(let value):
            coordinator.finish(with: value?.evaluate(reading: data) ?? .null)
        case .perform(let effect, let input, let then, let otherwise):
            perform(effect, input: input?.evaluate(reading: data) ?? .object(JSONObject()), then: then, else: otherwise)
        case .branch(let condition, let then, let otherwise):
            try perform(JSONLogic.isTruthy(condition.evaluate(reading: data)) ? then : otherwise)
        case .reject(let message):
            let value = message.evaluate(reading: data)
            throw EventRejection(Self.text(value))
        case .call(let name, let target, let child, let with):
            let message = with?.evaluate(reading: data) ?? .null
            for callee in callees(target, of: child) {
                guard !callee.isFinished, let actions = callee.definition.call(named: name) else { continue }
                var run = ActionRun(coordinator: callee, screen: nil, extra: [(.message, message)])
                // The load checks keep `reject` out of calls.
                try? run.perform(actions)
            }
        }
    }

    /// Whose call a `call` runs: this coordinator, its parent, or its
    /// running children of class `child`, in the order started (a list
    /// taken first: a call may finish them).
    private func callees(_ target: FlowAction.CallTarget, of child: String?) -> [FileCoordinator] {
        switch target {
        case .itself: [coordinator]
        case .parent: (coordinator.parentCoordinator as? FileCoordinator).map { [$0] } ?? []
        case .children:
            coordinator.childCoordinators.compactMap { $0 as? FileCoordinator }.filter { $0.definition.name == child }
        }
    }

    private func show(_ name: String, how: Presentation, style: FlowAction.PresentedStyle, values: JSONObject) {
        guard let definition = coordinator.definition.screen(named: name) else { return }
        let shown = ShownFileScreen(definition: definition, values: values)
        let data = coordinator.data(screen: shown, extra: extra)
        let screen = Screen(name, title: definition.title.map { Self.text($0.evaluate(reading: data)) }, params: shown.params(data: data))
            .backDisabled(definition.backDisabled)
            .interactiveDismissDisabled(definition.interactiveDismissDisabled)
        shown.screen = screen
        for event in definition.events {
            // Unowned, not weak, as a Swift flow's handlers hold their
            // coordinator: only a shown screen gets events, and a shown
            // screen's coordinator and record live (``ShownFileScreen``). A weak
            // reference gave each of them a side table, and every retain
            // and release of them the runtime's slow path.
            screen.on(event.name, label: event.label, role: event.role, fields: event.declaredFields) {
                [unowned coordinator, unowned shown] payload in
                var run = ActionRun(coordinator: coordinator, screen: shown, extra: [(.payload, .object(payload.members))])
                try coordinator.changing { () throws(EventRejection) in try run.perform(event.actions) }
            }
        }
        coordinator.shown.append(shown)
        switch how {
        case .root: coordinator.router.setRoot(screen)
        case .push: coordinator.router.push(screen)
        default: coordinator.router.present(screen, style: style == .sheet ? .sheet : .fullScreen)
        }
    }

    private func startChild(_ name: String, input: JSONValue, then: [FlowAction]) {
        guard let child = coordinator.program.coordinator(name, environment: coordinator.environment, input: input) else { return }
        let screen = self.screen
        let extra = self.extra
        // Unowned: a parent outlives its children (it holds them until they finish).
        child.onFinish = { [unowned coordinator] finished in
            guard let finished = finished as? FileCoordinator, !coordinator.isFinished else { return }
            var run = ActionRun(coordinator: coordinator, screen: screen, extra: extra + [(.output, finished.output)])
            coordinator.changing { try? run.perform(then) }
        }
        coordinator.startChild(child)
    }

    private func perform(_ effect: String, input: JSONValue, then: [FlowAction], else otherwise: [FlowAction]) {
        let screen = self.screen
        let extra = self.extra
        // Unowned: the engine answers an effect only while its coordinator runs.
        coordinator.perform(Effect(effect, input: input)) { [unowned coordinator] outcome in
            guard !coordinator.isFinished else { return }
            coordinator.changing {
                var run: ActionRun
                switch outcome {
                case .success(let value):
                    run = ActionRun(coordinator: coordinator, screen: screen, extra: extra + [(.outcome, value)])
                    try? run.perform(then)
                case .failure(let failure):
                    run = ActionRun(coordinator: coordinator, screen: screen, extra: extra + [(.failure, Self.value(of: failure))])
                    try? run.perform(otherwise)
                }
            }
        }
    }

    /// `failure` as `var` reads it: `kind`, `reason`, `status`, `message`.
    private static func value(of failure: EffectFailure) -> JSONValue {
        [
            "kind": .string(failure.kind.rawValue), "reason": failure.reason.map(JSONValue.string) ?? .null,
            "status": failure.status.map { .number(Double($0)) } ?? .null, "message": .string(failure.message),
        ]
    }

    /// A title or a refusal: a string as it is, any other value as its JSON.
    private static func text(_ value: JSONValue) -> String {
        value.stringValue ?? value.jsonString
    }
}
