/// What a coordinator navigates with: the `RouterProtocol` of the
/// coordinator pattern as iOS teams write it.
///
/// A coordinator never touches the stack itself; it asks its router to push,
/// pop, present or dismiss. The router is the "how", the coordinator the
/// "what". A call that cannot be carried out (pop of a root, dismiss with no
/// modal open) does not crash: the session undoes the whole event and reports
/// a flow error.
public protocol Router: AnyObject {
    /// The session's stack as it is now.
    var stack: NavigationStack { get }
    /// Shows `screen` on top of the current navigation stack (the root's, or the top modal's).
    func push(_ screen: Screen, animated: Bool)
    /// Removes the top screen, which must have been pushed.
    func pop(animated: Bool)
    /// Removes every screen pushed on the current navigation stack's root.
    func popToRoot(animated: Bool)
    /// Replaces the whole stack, modals included, with `screen` as its root.
    func setRoot(_ screen: Screen, animated: Bool)
    /// Opens a modal with `screen` as its first screen.
    func present(_ screen: Screen, style: ModalStyle, animated: Bool)
    /// Closes the top modal and every screen pushed on it.
    func dismiss(animated: Bool)
    /// Replaces the params of a screen on the stack, without navigating.
    func update(_ screen: Screen, params: JSONObject)
    /// Changes one param of `screen` in place, keeping the others: the same
    /// call as ``update(_:params:)`` with that one member set. A default
    /// implementation does exactly that.
    func update(_ screen: Screen, _ key: String, to value: JSONValue)

    // MARK: Containers

    /// Where this router's calls land: the session's own stack, a tab, or a
    /// column of a split view. `push`, `pop` and `popToRoot` act on the top
    /// modal's stack while one is open, as they always have; `setRoot`
    /// replaces only this slot's stack (the session's own slot: everything).
    var slot: NavigationSlot { get }
    /// A router for the same coordinator that drives `column` of the split
    /// view in this router's slot (the `viewControllers[0]` and `[1]` of a
    /// `UISplitViewController`).
    func column(_ column: SplitColumn) -> Router
    /// Replaces everything, modals included, with a tab bar of `tabs` (each an
    /// empty stack until its coordinator shows a root) and selects `selected`
    /// (nil: the first tab). Only a router of the session's own slot may;
    /// this coordinator hears of the user's `selectTab` through
    /// ``Coordinator/didSelectTab(_:)``.
    func setTabs(_ tabs: [TabItem], selected: String?, animated: Bool)
    /// Selects the tab with id `tab`, as `UITabBarController.selectedIndex` does.
    func selectTab(_ tab: String, animated: Bool)
    /// Makes this router's slot a split view with two empty columns: a tab,
    /// or (from the session's own slot) everything, modals included.
    func setSplit(animated: Bool)
}

extension Router {
    public func push(_ screen: Screen) { push(screen, animated: true) }
    public func pop() { pop(animated: true) }
    public func popToRoot() { popToRoot(animated: true) }
    public func setRoot(_ screen: Screen) { setRoot(screen, animated: false) }
    public func present(_ screen: Screen, style: ModalStyle = .sheet) { present(screen, style: style, animated: true) }
    public func dismiss() { dismiss(animated: true) }
    public func setTabs(_ tabs: [TabItem], selected: String? = nil) { setTabs(tabs, selected: selected, animated: false) }
    public func selectTab(_ tab: String) { selectTab(tab, animated: false) }
    public func setSplit() { setSplit(animated: false) }

    /// Shows `screen` as the root of the split view's secondary column,
    /// replacing what it showed, as `showDetailViewController(_:sender:)`
    /// does. The screen belongs to this router's coordinator; a coordinator
    /// started with `environment.column(.secondary)` calls `setRoot` instead.
    public func showDetail(_ screen: Screen, animated: Bool = true) {
        column(.secondary).setRoot(screen, animated: animated)
    }

    /// Changes one param of `screen` in place, keeping the others.
    public func update(_ screen: Screen, _ key: String, to value: JSONValue) {
        var params = screen.params
        params[key] = value
        update(screen, params: params)
    }
}
