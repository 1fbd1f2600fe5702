/// The concrete router: carries a coordinator's calls out on its session's
/// ``NavigationController`` and records them in the history, stamped with the
/// coordinator that made them.
public final class StackRouter: Router {
    public let controller: NavigationController
    /// Unowned: a coordinator owns its router, never the reverse.
    private unowned let coordinator: Coordinator
    public let slot: NavigationSlot

    public init(controller: NavigationController, coordinator: Coordinator, slot: NavigationSlot = .main) {
        self.controller = controller
        self.coordinator = coordinator
        self.slot = slot
    }

    public var stack: NavigationStack { controller.stack }

    public func push(_ screen: Screen, animated: Bool) {
        controller.push(screen, by: coordinator, animated: animated, in: slot)
    }

    public func pop(animated: Bool) {
        controller.pop(by: coordinator, animated: animated, in: slot)
    }

    public func popToRoot(animated: Bool) {
        controller.popToRoot(by: coordinator, animated: animated, in: slot)
    }

    public func setRoot(_ screen: Screen, animated: Bool) {
        controller.setRoot(screen, by: coordinator, animated: animated, in: slot)
    }

    public func present(_ screen: Screen, style: ModalStyle, animated: Bool) {
        controller.present(screen, style: style, by: coordinator, animated: animated, in: slot)
    }

    public func dismiss(animated: Bool) {
        controller.dismiss(by: coordinator, animated: animated)
    }

    public func update(_ screen: Screen, params: JSONObject) {
        controller.update(screen, params: params, by: coordinator)
    }

    public func update(_ screen: Screen, _ key: String, to value: JSONValue) {
        controller.update(screen, key, to: value, by: coordinator)
    }

    public func column(_ column: SplitColumn) -> Router {
        StackRouter(controller: controller, coordinator: coordinator, slot: NavigationSlot(tab: slot.tab, column: column))
    }

    public func setTabs(_ tabs: [TabItem], selected: String?, animated: Bool) {
        controller.setTabs(tabs, selected: selected, by: coordinator, animated: animated, in: slot)
    }

    public func selectTab(_ tab: String, animated: Bool) {
        controller.selectTab(tab, by: coordinator, animated: animated)
    }

    public func setSplit(animated: Bool) {
        controller.setSplit(by: coordinator, animated: animated, in: slot)
    }
}
