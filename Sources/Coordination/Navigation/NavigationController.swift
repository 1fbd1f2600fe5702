/// The session's navigation state: the stack, the history of router calls,
/// and the counter that names screens.
///
/// Every coordinator's ``Router`` acts on the one controller of its session,
/// as the seeds' routers all wrap one `UINavigationController`. A call that
/// cannot be carried out (a pop of the root, a dismiss with no modal) is a
/// bug in the flow: it is remembered in ``misuse`` and the session undoes the
/// event that made it.
public final class NavigationController {
    /// What the user sees, bottom to top: the plain stack, or with
    /// containers the collapsed path of ``layout`` with the modals on top.
    public internal(set) var stack = NavigationStack()
    public internal(set) var history: History
    public let maxStackDepth: Int
    /// The version the router calls being made now will produce.
    var currentVersion = 0
    /// The first misuse since the current event began; later calls are ignored.
    public internal(set) var misuse: RouterMisuse? {
        get { firstMisuse }
        set { firstMisuse = newValue }
    }
    /// The storage of ``misuse``: not public, so the optimizer sees every
    /// access and drops the runtime exclusivity check every router call paid.
    private var firstMisuse: RouterMisuse?
    /// Set when the session ends: calls made while its coordinators are torn
    /// down are ignored, so finishing never navigates.
    var isClosed = false
    /// Router calls made so far, successful or not: lets the session see
    /// whether a refused event touched navigation at all.
    private(set) var callCount = 0
    private var screenCounter = 0
    /// The tab bar or split view under the modals; nil while the session is
    /// one plain stack (which then keeps its modals in ``stack`` as always).
    var containers: Layout? {
        get { containerState?.layout }
        set {
            if let newValue, let containerState {
                containerState.layout = newValue
            } else {
                containerState = newValue.map(ContainerState.init)
            }
        }
    }
    /// With containers: the modals over them, and the screens pushed on
    /// those. Without, always empty (the plain stack holds its modals).
    var modals: [NavigationStack.Entry] {
        get { containerState?.modals ?? [] }
        set { containerState?.modals = newValue }
    }
    /// With containers: every screen shown, hidden tabs included.
    private(set) var containerEntries: [NavigationStack.Entry] {
        get { containerState?.entries ?? [] }
        set { containerState?.entries = newValue }
    }
    /// The storage of the three above, boxed: most sessions have no
    /// containers, and each would hold ~40 bytes of empty ones inline.
    private var containerState: ContainerState?
    /// The coordinator that set the tab bar: told when the user selects a tab.
    weak var tabBarOwner: Coordinator?

    public init(
        maxStackDepth: Int = SessionLimits.default.maxStackDepth,
        maxHistoryLength: Int = SessionLimits.default.maxHistoryLength
    ) {
        self.maxStackDepth = max(1, maxStackDepth)
        self.history = History(limit: maxHistoryLength)
    }

    func push(_ screen: Screen, by coordinator: Coordinator, animated: Bool, in slot: NavigationSlot = .main) {
        show(screen, by: coordinator, animated: animated, operation: .push, presentation: .push, slot: slot)
    }

    func present(
        _ screen: Screen, style: ModalStyle, by coordinator: Coordinator, animated: Bool, in slot: NavigationSlot = .main
    ) {
        show(screen, by: coordinator, animated: animated, operation: .present, presentation: style.presentation, slot: slot)
    }

    func setRoot(_ screen: Screen, by coordinator: Coordinator, animated: Bool, in slot: NavigationSlot = .main) {
        show(screen, by: coordinator, animated: animated, operation: .setRoot, presentation: .root, slot: slot)
    }

    @discardableResult
    func pop(by coordinator: Coordinator?, animated: Bool, in slot: NavigationSlot = .main) -> NavigationStack.Entry? {
        guard acceptsCall() else { return nil }
        do {
            if usesContainers(slot) {
                let (removed, position) = try containerPop(in: slot)
                record(.pop, removed.screen, nil, coordinator, animated, at: position)
                return removed
            }
            let removed = try stack.pop()
            record(.pop, removed.screen, nil, coordinator, animated)
            return removed
        } catch {
            misuse = error
            return nil
        }
    }

    @discardableResult
    func popToRoot(by coordinator: Coordinator?, animated: Bool, in slot: NavigationSlot = .main) -> [NavigationStack.Entry] {
        guard acceptsCall() else { return [] }
        do {
            if usesContainers(slot) {
                let (removed, revealed, position) = try containerPopToRoot(in: slot)
                if let revealed { record(.popToRoot, revealed.screen, nil, coordinator, animated, at: position) }
                return removed
            }
            let removed = try stack.popToRoot()
            if let revealed = stack.top { record(.popToRoot, revealed.screen, nil, coordinator, animated) }
            return removed
        } catch {
            misuse = error
            return []
        }
    }

    @discardableResult
    func dismiss(by coordinator: Coordinator?, animated: Bool) -> [NavigationStack.Entry] {
        guard acceptsCall() else { return [] }
        do {
            let removed = try containers == nil ? stack.dismiss() : containerDismiss()
            if let modal = removed.first { record(.dismiss, modal.screen, nil, coordinator, animated) }
            return removed
        } catch {
            misuse = error
            return []
        }
    }

    func update(_ screen: Screen, params: JSONObject, by coordinator: Coordinator) {
        guard acceptsCall() else { return }
        guard screen.id != nil, shownEntries.contains(where: { $0.screen === screen }) else {
            misuse = .notOnStack(screen.name)
            return
        }
        screen.params = params
        record(.update, screen, nil, coordinator, false, at: containers?.position(of: screen))
    }

    /// ``update(_:params:by:)`` with one member of the params set. The new
    /// params' size for the byte budget follows from the last measurement
    /// and that member, so the others (the `exchange` rates list, on every
    /// `close`) are not measured again.
    func update(_ screen: Screen, _ key: String, to value: JSONValue, by coordinator: Coordinator) {
        let bytes = screen.paramsByteCount(setting: key, to: value)
        let revision = screen.paramsRevision
        var params = screen.params
        params[key] = value
        update(screen, params: params, by: coordinator)
        // Kept only when the params were set, to exactly these (once).
        if let bytes { screen.adoptParamsByteCount(bytes, atRevision: revision &+ 1) }
    }

    /// Every screen shown: the stack, or with containers every tab and
    /// column and the modals. A coordinator owning one of them is alive.
    public var shownEntries: [NavigationStack.Entry] {
        containers == nil ? stack.entries : containerEntries
    }

    /// The container tree under the modals (``Layout``); a plain session's
    /// is its stack up to the first modal.
    public var layout: Layout {
        if let containers { return containers }
        let firstModal = stack.entries.firstIndex { $0.presentation.isModal } ?? stack.count
        return .stack(Array(stack.entries[..<firstModal]))
    }

    /// Whether a call from `slot` goes through the containers: always once
    /// there are some, and for a slot other than the session's own (which
    /// then fails, since there is no tab bar or split view to land in).
    private func usesContainers(_ slot: NavigationSlot) -> Bool {
        containers != nil || slot != .main
    }

    /// Recomputes the collapsed stack and the list of shown screens after
    /// the containers or their modals changed.
    func containersDidChange() {
        guard let containers else {
            containerEntries = []
            return
        }
        stack = NavigationStack(entries: containers.collapsed + modals)
        containerEntries = containers.allEntries + modals
    }

    /// Counts the call and says whether to carry it out.
    func acceptsCall() -> Bool {
        guard !isClosed else { return false }
        callCount += 1
        return misuse == nil
    }

    /// Starts a new event: forgets any misuse and stamps later calls with `version`.
    func begin(version: Int) {
        currentVersion = version
        misuse = nil
    }

    private func show(
        _ screen: Screen, by coordinator: Coordinator, animated: Bool,
        operation: HistoryEntry.Operation, presentation: Presentation, slot: NavigationSlot
    ) {
        guard acceptsCall() else { return }
        if operation != .setRoot && shownEntries.count >= maxStackDepth {
            misuse = .stackTooDeep(limit: maxStackDepth)
            return
        }
        var position: NavigationSlot?
        do throws(RouterMisuse) {
            if operation == .setRoot && slot == .main && containers != nil {
                // The session's own setRoot replaces everything, containers too.
                if shownEntries.contains(where: { $0.screen === screen }) { throw RouterMisuse.alreadyShown(screen.name) }
                removeContainers()
            }
            if usesContainers(slot) {
                position = try containerShow(screen, presentation: presentation, in: slot)
            } else {
                switch presentation {
                case .root: try stack.setRoot(screen)
                case .push: try stack.push(screen)
                case .sheet: try stack.present(screen, style: .sheet)
                case .fullScreen: try stack.present(screen, style: .fullScreen)
                }
            }
        } catch {
            misuse = error
            return
        }
        if screen.id == nil {
            screenCounter += 1
            screen.id = "s\(screenCounter)"
        }
        if screen.coordinator == nil { screen.coordinator = coordinator }
        record(operation, screen, presentation, coordinator, animated, at: position)
    }

    /// Records a call in the history; `position` says which tab or column
    /// it changed (nil: the plain stack, or the modals).
    func record(
        _ operation: HistoryEntry.Operation, _ screen: Screen?, _ presentation: Presentation?,
        _ coordinator: Coordinator?, _ animated: Bool, at position: NavigationSlot? = nil, tabs: [TabItem]? = nil,
        byUser: Bool? = nil
    ) {
        let byUser = byUser ?? (coordinator == nil)
        let owner = coordinator ?? screen?.coordinator
        history.append(
            version: currentVersion, operation: operation, screenName: screen?.name ?? "", screenId: screen?.id ?? "",
            presentation: presentation, coordinator: owner.map { CoordinatorType(type: type(of: $0)) },
            animated: animated, byUser: byUser, tab: position?.tab, column: position?.column, tabs: tabs)
    }
}

/// The containers of a ``NavigationController`` that has some.
private final class ContainerState {
    var layout: Layout
    var modals: [NavigationStack.Entry] = []
    var entries: [NavigationStack.Entry] = []
    init(_ layout: Layout) { self.layout = layout }
}
