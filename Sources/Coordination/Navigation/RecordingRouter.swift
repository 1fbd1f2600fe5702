/// One call a coordinator made on its router, as a test sees it.
public enum RouterCall: Sendable, Hashable, CustomStringConvertible {
    case push(String)
    case pop
    case popToRoot
    case setRoot(String)
    case present(String, ModalStyle)
    case dismiss
    case update(String)
    case setTabs([String])
    case selectTab(String)
    case setSplit

    public var description: String {
        switch self {
        case .push(let name): "push(\(name))"
        case .pop: "pop"
        case .popToRoot: "popToRoot"
        case .setRoot(let name): "setRoot(\(name))"
        case .present(let name, let style): "present(\(name), \(style.rawValue))"
        case .dismiss: "dismiss"
        case .update(let name): "update(\(name))"
        case .setTabs(let ids): "setTabs(\(ids.joined(separator: ", ")))"
        case .selectTab(let id): "selectTab(\(id))"
        case .setSplit: "setSplit"
        }
    }
}

/// The calls a session's coordinators made, in order, with who made them.
public final class RouterCallLog {
    /// Each call with the coordinator type that made it and the slot of its router.
    public private(set) var entries: [(coordinator: String, call: RouterCall, slot: NavigationSlot)] = []
    public init() {}

    /// The calls alone, in order.
    public var calls: [RouterCall] { entries.map(\.call) }

    public func removeAll() { entries.removeAll() }

    func append(_ call: RouterCall, by coordinator: String, in slot: NavigationSlot) {
        entries.append((coordinator, call, slot))
    }
}

/// A router for tests: records every call a coordinator makes, then passes it
/// on to the router it wraps, so that a test can check the order of router
/// calls without any UI (and without HTTP).
public final class RecordingRouter: Router {
    public let wrapped: Router
    public let log: RouterCallLog
    private let coordinatorType: String

    public init(wrapping router: Router, log: RouterCallLog, coordinatorType: String) {
        self.wrapped = router
        self.log = log
        self.coordinatorType = coordinatorType
    }

    public var stack: NavigationStack { wrapped.stack }

    public func push(_ screen: Screen, animated: Bool) {
        log.append(.push(screen.name), by: coordinatorType, in: wrapped.slot)
        wrapped.push(screen, animated: animated)
    }

    public func pop(animated: Bool) {
        log.append(.pop, by: coordinatorType, in: wrapped.slot)
        wrapped.pop(animated: animated)
    }

    public func popToRoot(animated: Bool) {
        log.append(.popToRoot, by: coordinatorType, in: wrapped.slot)
        wrapped.popToRoot(animated: animated)
    }

    public func setRoot(_ screen: Screen, animated: Bool) {
        log.append(.setRoot(screen.name), by: coordinatorType, in: wrapped.slot)
        wrapped.setRoot(screen, animated: animated)
    }

    public func present(_ screen: Screen, style: ModalStyle, animated: Bool) {
        log.append(.present(screen.name, style), by: coordinatorType, in: wrapped.slot)
        wrapped.present(screen, style: style, animated: animated)
    }

    public func dismiss(animated: Bool) {
        log.append(.dismiss, by: coordinatorType, in: wrapped.slot)
        wrapped.dismiss(animated: animated)
    }

    public func update(_ screen: Screen, params: JSONObject) {
        log.append(.update(screen.name), by: coordinatorType, in: wrapped.slot)
        wrapped.update(screen, params: params)
    }

    public var slot: NavigationSlot { wrapped.slot }

    public func column(_ column: SplitColumn) -> Router {
        RecordingRouter(wrapping: wrapped.column(column), log: log, coordinatorType: coordinatorType)
    }

    public func setTabs(_ tabs: [TabItem], selected: String?, animated: Bool) {
        log.append(.setTabs(tabs.map(\.id)), by: coordinatorType, in: wrapped.slot)
        wrapped.setTabs(tabs, selected: selected, animated: animated)
    }

    public func selectTab(_ tab: String, animated: Bool) {
        log.append(.selectTab(tab), by: coordinatorType, in: wrapped.slot)
        wrapped.selectTab(tab, animated: animated)
    }

    public func setSplit(animated: Bool) {
        log.append(.setSplit, by: coordinatorType, in: wrapped.slot)
        wrapped.setSplit(animated: animated)
    }
}
