/// The concrete router: carries a coordinator's calls out on its session's
/// ``NavigationController`` and records them in the history, stamped with the
/// coordinator that made them.
public final class StackRouter: Router {
    public let controller: NavigationController
    /// Unowned: a coordinator owns its router, never the reverse.
    private unowned let coordinator: Coordinator

    public init(controller: NavigationController, coordinator: Coordinator) {
        self.controller = controller
        self.coordinator = coordinator
    }

    public var stack: NavigationStack { controller.stack }

    public func push(_ screen: Screen, animated: Bool) {
        controller.push(screen, by: coordinator, animated: animated)
    }

    public func pop(animated: Bool) {
        controller.pop(by: coordinator, animated: animated)
    }

    public func popToRoot(animated: Bool) {
        controller.popToRoot(by: coordinator, animated: animated)
    }

    public func setRoot(_ screen: Screen, animated: Bool) {
        controller.setRoot(screen, by: coordinator, animated: animated)
    }

    public func present(_ screen: Screen, style: ModalStyle, animated: Bool) {
        controller.present(screen, style: style, by: coordinator, animated: animated)
    }

    public func dismiss(animated: Bool) {
        controller.dismiss(by: coordinator, animated: animated)
    }

    public func update(_ screen: Screen, params: JSONObject) {
        controller.update(screen, params: params, by: coordinator)
    }
}
