/// One action of a flow file (docs/flow-files.md#actions), run in order; an
/// event's actions are one change of the session.
public indirect enum FlowAction: Sendable {
    /// `setRoot`, `push` or `present` screen S of this coordinator; `with` sets its `screen` values.
    case show(screen: String, how: Presentation, style: PresentedStyle, with: FlowExpression?)
    case pop, popToRoot, dismiss
    /// `set`: each target (`store.K` or `screen.K`) gets its value, in order.
    case set([(target: Assignment, value: FlowExpression)])
    /// Starts child coordinator C with input V; `then` runs in the parent with its `output`.
    case startChild(coordinator: String, with: FlowExpression?, then: [FlowAction])
    /// Finishes this coordinator with output V.
    case finish(FlowExpression?)
    /// Asks for effect E; `then` runs with `outcome`, `else` with `failure`.
    case perform(effect: String, input: FlowExpression?, then: [FlowAction], else: [FlowAction])
    case branch(condition: FlowExpression, then: [FlowAction], else: [FlowAction])
    /// Refuses the event: 422 with that message, nothing changed.
    case reject(FlowExpression)
    /// Runs the call `name` (a coordinator's `calls`) of this coordinator,
    /// of its parent (a delegate's callback), or of each running child of
    /// class `coordinator`; `with` is what those actions read as `message`.
    case call(name: String, on: CallTarget, coordinator: String?, with: FlowExpression?)

    /// Whose call a `call` runs.
    public enum CallTarget: String, Sendable, CaseIterable {
        /// This coordinator's own.
        case itself = "self"
        /// The coordinator that started this one: the delegate pattern.
        case parent
        /// Each running child of the class the action names, in the order started.
        case children
    }

    /// How `present` shows its screen.
    public enum PresentedStyle: String, Sendable {
        case sheet, fullScreen
    }

    /// Where `set` writes.
    public enum Assignment: Sendable, Equatable {
        case store(String)
        case screen(String)
    }

    /// The names a flow file spells each action with: the one key that says which it is.
    static let names = [
        "setRoot", "push", "present", "pop", "popToRoot", "dismiss", "set", "startChild", "finish", "perform", "if", "reject",
        "call",
    ]
}
