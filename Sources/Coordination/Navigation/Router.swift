/// What a coordinator navigates with: the seeds' `RouterProtocol`.
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
}

extension Router {
    public func push(_ screen: Screen) { push(screen, animated: true) }
    public func pop() { pop(animated: true) }
    public func popToRoot() { popToRoot(animated: true) }
    public func setRoot(_ screen: Screen) { setRoot(screen, animated: false) }
    public func present(_ screen: Screen, style: ModalStyle = .sheet) { present(screen, style: style, animated: true) }
    public func dismiss() { dismiss(animated: true) }

    /// Changes one param of `screen` in place, keeping the others.
    public func update(_ screen: Screen, _ key: String, to value: JSONValue) {
        var params = screen.params
        params[key] = value
        update(screen, params: params)
    }
}
