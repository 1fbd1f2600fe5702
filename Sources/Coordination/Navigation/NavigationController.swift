/// The session's navigation state: the stack, the history of router calls,
/// and the counter that names screens.
///
/// Every coordinator's ``Router`` acts on the one controller of its session,
/// as the seeds' routers all wrap one `UINavigationController`. A call that
/// cannot be carried out (a pop of the root, a dismiss with no modal) is a
/// bug in the flow: it is remembered in ``misuse`` and the session undoes the
/// event that made it.
public final class NavigationController {
    public private(set) var stack = NavigationStack()
    public private(set) var history: History
    public let maxStackDepth: Int
    /// The version the router calls being made now will produce.
    var currentVersion = 0
    /// The first misuse since the current event began; later calls are ignored.
    public private(set) var misuse: RouterMisuse?
    /// Set when the session ends: calls made while its coordinators are torn
    /// down are ignored, so finishing never navigates.
    var isClosed = false
    /// Router calls made so far, successful or not: lets the session see
    /// whether a refused event touched navigation at all.
    private(set) var callCount = 0
    private var screenCounter = 0

    public init(
        maxStackDepth: Int = SessionLimits.default.maxStackDepth,
        maxHistoryLength: Int = SessionLimits.default.maxHistoryLength
    ) {
        self.maxStackDepth = max(1, maxStackDepth)
        self.history = History(limit: maxHistoryLength)
    }

    func push(_ screen: Screen, by coordinator: Coordinator, animated: Bool) {
        show(screen, by: coordinator, animated: animated, operation: .push, presentation: .push)
    }

    func present(_ screen: Screen, style: ModalStyle, by coordinator: Coordinator, animated: Bool) {
        show(screen, by: coordinator, animated: animated, operation: .present, presentation: style.presentation)
    }

    func setRoot(_ screen: Screen, by coordinator: Coordinator, animated: Bool) {
        show(screen, by: coordinator, animated: animated, operation: .setRoot, presentation: .root)
    }

    @discardableResult
    func pop(by coordinator: Coordinator?, animated: Bool) -> NavigationStack.Entry? {
        guard acceptsCall() else { return nil }
        do {
            let removed = try stack.pop()
            record(.pop, removed.screen, nil, coordinator, animated)
            return removed
        } catch {
            misuse = error
            return nil
        }
    }

    @discardableResult
    func popToRoot(by coordinator: Coordinator?, animated: Bool) -> [NavigationStack.Entry] {
        guard acceptsCall() else { return [] }
        do {
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
            let removed = try stack.dismiss()
            if let modal = removed.first { record(.dismiss, modal.screen, nil, coordinator, animated) }
            return removed
        } catch {
            misuse = error
            return []
        }
    }

    func update(_ screen: Screen, params: JSONObject, by coordinator: Coordinator) {
        guard acceptsCall() else { return }
        guard screen.id != nil, stack.entries.contains(where: { $0.screen === screen }) else {
            misuse = .notOnStack(screen.name)
            return
        }
        screen.params = params
        record(.update, screen, nil, coordinator, false)
    }

    /// Counts the call and says whether to carry it out.
    private func acceptsCall() -> Bool {
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
        operation: HistoryEntry.Operation, presentation: Presentation
    ) {
        guard acceptsCall() else { return }
        if operation != .setRoot && stack.count >= maxStackDepth {
            misuse = .stackTooDeep(limit: maxStackDepth)
            return
        }
        do {
            switch presentation {
            case .root: try stack.setRoot(screen)
            case .push: try stack.push(screen)
            case .sheet: try stack.present(screen, style: .sheet)
            case .fullScreen: try stack.present(screen, style: .fullScreen)
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
        record(operation, screen, presentation, coordinator, animated)
    }

    private func record(
        _ operation: HistoryEntry.Operation, _ screen: Screen, _ presentation: Presentation?,
        _ coordinator: Coordinator?, _ animated: Bool
    ) {
        let byUser = coordinator == nil
        let owner = coordinator ?? screen.coordinator
        history.append(
            version: currentVersion, operation: operation, screen: screen,
            presentation: presentation, coordinator: owner?.typeName ?? "",
            animated: animated, byUser: byUser)
    }
}
