/// The session's navigation state: what is shown, the history of router
/// calls, and the counter that names screens.
///
/// What is shown is one model: the ``layout`` (one plain stack for most
/// sessions, or a tab bar or a split view) and the ``modals`` presented over
/// it. Every router call changes that model; ``stack`` and ``shownEntries``
/// are read from it. Every coordinator's ``Router`` acts on the one
/// controller of its session, as an iOS app's routers all wrap one
/// `UINavigationController`. A call that cannot be carried out (a
/// pop of the root, a dismiss with no modal) is a bug in the flow: it is
/// remembered in ``misuse`` and the session undoes the event that made it.
public final class NavigationController {
    /// What is shown under the modals: a plain stack, a tab bar or a split view.
    public var layout: Layout { underModals }
    // `@exclusivity(unchecked)`: see `Session`'s stored properties for why.
    /// The storage of ``layout``, private so that the compiler sees every
    /// access, as ``Coordinator``'s storage is.
    @exclusivity(unchecked) private var underModals: Layout = .stack([])
    /// The modals over the layout, bottom to top, each followed by the
    /// screens pushed on it.
    var modals: [NavigationStack.Entry] { overlay?.modals ?? [] }
    /// What the user sees, bottom to top: the layout collapsed
    /// (``Layout/collapsed``) with the modals on top.
    public var stack: NavigationStack { overlay?.stack ?? NavigationStack(entries: plainStack) }
    /// Every screen shown: every tab and column of the layout, then the
    /// modals. A coordinator owning one of them is alive.
    public var shownEntries: [NavigationStack.Entry] { overlay?.shown ?? plainStack }
    /// The modals, with ``stack`` and ``shownEntries`` worked out once per
    /// change; nil while the layout is a plain stack with no modal, whose
    /// entries are both.
    @exclusivity(unchecked) private var overlay: NavigationOverlay?
    /// What a session without an ``overlay`` shows: its plain stack's entries.
    private var plainStack: [NavigationStack.Entry] {
        if case .stack(let entries) = underModals { return entries }
        return underModals.collapsed
    }

    @exclusivity(unchecked) public internal(set) var history: History
    public let maxStackDepth: Int
    /// The version the router calls being made now will produce.
    @exclusivity(unchecked) var currentVersion = 0
    /// The first misuse since the current event began; later calls are ignored.
    public internal(set) var misuse: RouterMisuse? {
        get { firstMisuse }
        set { firstMisuse = newValue }
    }
    /// The storage of ``misuse``, private so that the compiler sees every
    /// access, as ``Coordinator``'s storage is.
    @exclusivity(unchecked) private var firstMisuse: RouterMisuse?
    /// Set when the session ends: calls made while its coordinators are torn
    /// down are ignored, so finishing never navigates.
    @exclusivity(unchecked) var isClosed = false
    /// Router calls made so far, successful or not: lets the session see
    /// whether a refused event touched navigation at all.
    @exclusivity(unchecked) private(set) var callCount = 0
    @exclusivity(unchecked) private var screenCounter = 0
    /// The coordinator that set the tab bar: told when the user selects a tab.
    var tabBarOwner: Coordinator? {
        get { tabBarOwnerReference?.coordinator }
        set { tabBarOwnerReference = newValue?.reference }
    }
    private var tabBarOwnerReference: CoordinatorReference?

    public init(
        maxStackDepth: Int = SessionLimits.default.maxStackDepth,
        maxHistoryLength: Int = SessionLimits.default.maxHistoryLength
    ) {
        self.maxStackDepth = max(1, maxStackDepth)
        self.history = History(limit: maxHistoryLength)
    }

    // MARK: - Router calls

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

    /// Removes the screen pushed on top of the top modal or, with no modal
    /// open, on top of `slot`'s stack.
    @discardableResult
    func pop(by coordinator: Coordinator?, animated: Bool, in slot: NavigationSlot = .main) -> NavigationStack.Entry? {
        guard acceptsCall() else { return nil }
        do throws(RouterMisuse) {
            try requireContainers(for: slot)
            if let top = modals.last {
                guard top.presentation == .push else { throw .notPushed(top.screen.name) }
                change { _ = $1.removeLast() }
                record(.pop, top.screen, nil, coordinator, animated)
                return top
            }
            let (removed, position) = try change { layout, _ throws(RouterMisuse) in
                try layout.changeStack(for: slot) { entries throws(RouterMisuse) in
                    guard let top = entries.last else { throw .emptyStack(operation: "pop") }
                    guard top.presentation == .push else { throw .notPushed(top.screen.name) }
                    return entries.removeLast()
                }
            }
            record(.pop, removed.screen, nil, coordinator, animated, at: position)
            return removed
        } catch {
            misuse = error
            return nil
        }
    }

    /// Removes every screen pushed on the top modal or, with no modal open,
    /// on the root of `slot`'s stack.
    @discardableResult
    func popToRoot(by coordinator: Coordinator?, animated: Bool, in slot: NavigationSlot = .main) -> [NavigationStack.Entry] {
        guard acceptsCall() else { return [] }
        do throws(RouterMisuse) {
            try requireContainers(for: slot)
            if let modalIndex = modals.lastIndex(where: { $0.presentation.isModal }) {
                let modals = self.modals
                change { $1.removeSubrange((modalIndex + 1)...) }
                record(.popToRoot, modals[modalIndex].screen, nil, coordinator, animated)
                return Array(modals[(modalIndex + 1)...])
            }
            let ((removed, root), position) = try change { layout, _ throws(RouterMisuse) in
                try layout.changeStack(for: slot) { entries throws(RouterMisuse) in
                    guard let root = entries.first else { throw .emptyStack(operation: "popToRoot") }
                    let removed = Array(entries.dropFirst())
                    entries.removeSubrange(1...)
                    return (removed, root)
                }
            }
            record(.popToRoot, root.screen, nil, coordinator, animated, at: position)
            return removed
        } catch {
            misuse = error
            return []
        }
    }

    /// Removes the top modal with every screen pushed on it.
    @discardableResult
    func dismiss(by coordinator: Coordinator?, animated: Bool) -> [NavigationStack.Entry] {
        guard acceptsCall() else { return [] }
        guard let modalIndex = modals.lastIndex(where: { $0.presentation.isModal }) else {
            misuse = .noModal
            return []
        }
        let removed = Array(modals[modalIndex...])
        change { $1.removeSubrange(modalIndex...) }
        record(.dismiss, removed[0].screen, nil, coordinator, animated)
        return removed
    }

    func update(_ screen: Screen, params: JSONObject, by coordinator: Coordinator) {
        guard acceptsUpdate(of: screen) else { return }
        screen.params = params
        record(.update, screen, nil, coordinator, false, at: layout.position(of: screen))
    }

    /// ``update(_:params:by:)`` with one member of the params set.
    func update(_ screen: Screen, _ key: String, to value: JSONValue, by coordinator: Coordinator) {
        guard acceptsUpdate(of: screen) else { return }
        screen.setParam(key, to: value)
        record(.update, screen, nil, coordinator, false, at: layout.position(of: screen))
    }

    /// Counts an update call and says whether to carry it out: a screen
    /// that is not shown cannot be updated (a misuse).
    private func acceptsUpdate(of screen: Screen) -> Bool {
        guard acceptsCall() else { return false }
        guard screen.id != nil, isShown(screen) else {
            misuse = .notOnStack(screen.name)
            return false
        }
        return true
    }

    // MARK: - Events

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

    // MARK: - Changing what is shown

    private func show(
        _ screen: Screen, by coordinator: Coordinator, animated: Bool,
        operation: HistoryEntry.Operation, presentation: Presentation, slot: NavigationSlot
    ) {
        guard acceptsCall() else { return }
        if operation != .setRoot && shownEntries.count >= maxStackDepth {
            misuse = .stackTooDeep(limit: maxStackDepth)
            return
        }
        let position: NavigationSlot?
        do throws(RouterMisuse) {
            position = try place(NavigationStack.Entry(screen: screen, presentation: presentation), from: slot)
        } catch {
            misuse = error
            return
        }
        if screen.id == nil {
            screenCounter += 1
            screen.id = CounterName.spell("s", screenCounter)
        }
        if screen.coordinator == nil { screen.coordinator = coordinator }
        record(operation, screen, presentation, coordinator, animated, at: position)
    }

    /// Shows `entry` where a call from `slot` puts it: a root of the
    /// session's own slot replaces everything; a modal, or a push while a
    /// modal is open, goes on the modals; anything else on `slot`'s stack.
    /// Returns the position of the stack it changed (nil: the modals, or
    /// everything).
    private func place(_ entry: NavigationStack.Entry, from slot: NavigationSlot) throws(RouterMisuse) -> NavigationSlot? {
        let screen = entry.screen
        if entry.presentation == .root && slot == .main {
            guard !isShown(screen) else { throw .alreadyShown(screen.name) }
            change {
                $0 = .stack([entry])
                $1 = []
            }
            return nil
        }
        try requireContainers(for: slot)
        guard !isShown(screen) else { throw .alreadyShown(screen.name) }
        if entry.presentation.isModal || (entry.presentation == .push && !modals.isEmpty) {
            // A modal needs something to be presented over.
            if entry.presentation.isModal, case .stack(let entries) = layout, entries.isEmpty {
                throw .emptyStack(operation: "present")
            }
            change { $1.append(entry) }
            return nil
        }
        let (_, position) = try change { layout, _ throws(RouterMisuse) in
            try layout.changeStack(for: slot) { entries throws(RouterMisuse) in
                if entry.presentation == .root {
                    entries = [entry]
                    return
                }
                guard !entries.isEmpty else { throw .emptyStack(operation: "push") }
                entries.append(entry)
            }
        }
        return position
    }

    /// A router of a tab or a column needs a tab bar or a split view: in a
    /// session showing one plain stack its calls fail, even those that
    /// would land on the modals.
    private func requireContainers(for slot: NavigationSlot) throws(RouterMisuse) {
        guard !layout.hasContainers && slot != .main else { return }
        throw slot.tab.map { RouterMisuse.noTabBar(tab: $0) } ?? .noSplitView(slot.description)
    }

    func isShown(_ screen: Screen) -> Bool {
        shownEntries.contains { $0.screen === screen }
    }

    /// Changes what is shown: the one place ``layout`` and ``modals`` are
    /// written, after which ``stack`` and ``shownEntries`` are read from
    /// them again.
    func change<Result, Failure: Error>(
        _ body: (inout Layout, inout [NavigationStack.Entry]) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // Taken out while they change, so that the arrays in them are
        // changed in place rather than copied.
        var layout = underModals
        var modals = self.modals
        underModals = .stack([])
        overlay = nil
        defer {
            underModals = layout
            overlay = NavigationOverlay.of(layout, modals: modals)
        }
        return try body(&layout, &modals)
    }

    /// Records a call in the history; `position` says which tab or column
    /// it changed (nil, or the session's own slot: neither).
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
