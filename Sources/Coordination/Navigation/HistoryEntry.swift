/// One router call, as the session's history records it: the recording
/// router of the coordinator pattern, readable over HTTP.
public struct HistoryEntry: Sendable, Equatable {
    /// The router operations, named as clients see them.
    public enum Operation: String, Sendable, CaseIterable {
        case push, pop, popToRoot, setRoot, present, dismiss, update
        /// Containers: a tab bar replaced everything (``tabs`` lists its
        /// tabs), a split view replaced a tab or everything, a tab was selected.
        case setTabs, setSplit, selectTab
    }

    // Stored properties are declared word-sized first and one-byte last, so
    // that no padding falls between them; the initializer keeps the order
    // the history passes them in.
    /// Position in the session's history, from 1, never reused.
    public let seq: Int
    /// The session version this call produced.
    public let version: Int
    /// The screen the call acted on: shown (push, present, setRoot), removed
    /// (pop, and the modal's first screen for dismiss), revealed (popToRoot),
    /// or changed (update). Empty for the container operations.
    public let screen: String
    public let screenId: String
    /// The type of the coordinator that made the call, or of the screen's
    /// coordinator when the user made it with `back` or `dismiss`; empty
    /// when there was none.
    public var coordinator: String { coordinatorType?.name ?? "" }
    /// The type, not its name: the name is spelled when the history is read.
    let coordinatorType: CoordinatorType?
    /// With a tab bar: the tab whose stack the call changed (for `setTabs`,
    /// the one selected; for `selectTab`, the one now selected; for
    /// `setSplit`, the tab that became a split view). Nil for the modals.
    public let tab: String?
    /// For `setTabs`: the tabs, in order.
    public let tabs: [TabItem]?
    public let operation: Operation
    /// How the screen was presented (for push, present and setRoot), so that
    /// replaying the history from empty rebuilds the stack.
    public let presentation: Presentation?
    public let animated: Bool
    /// Whether the user made the call (`back`, `dismiss`) rather than a coordinator.
    public let byUser: Bool
    /// In a split view: the column whose stack the call changed.
    public let column: SplitColumn?

    init(
        seq: Int, version: Int, operation: Operation, screen: String, screenId: String, presentation: Presentation?,
        coordinator: CoordinatorType?, animated: Bool, byUser: Bool, tab: String?, column: SplitColumn?, tabs: [TabItem]?
    ) {
        self.seq = seq
        self.version = version
        self.operation = operation
        self.screen = screen
        self.screenId = screenId
        self.presentation = presentation
        self.coordinatorType = coordinator
        self.animated = animated
        self.byUser = byUser
        self.tab = tab
        self.column = column
        self.tabs = tabs
    }
}

/// A coordinator's type, as a history entry keeps it: compared by identity,
/// named on demand.
struct CoordinatorType: Sendable, Equatable {
    let type: Coordinator.Type

    var name: String { Coordinator.typeName(of: type) }

    static func == (left: CoordinatorType, right: CoordinatorType) -> Bool {
        ObjectIdentifier(left.type) == ObjectIdentifier(right.type)
    }
}
