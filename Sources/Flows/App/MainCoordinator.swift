import Coordination

protocol MainCoordinatorDelegate: AnyObject {
    func mainCoordinatorDidLogout(_ coordinator: MainCoordinator)
}

/// `home`, and the children it starts: profile, settings and checkout.
/// Checkout reports back through its `onFinish` closure, and home shows how
/// the last checkout ended.
final class MainCoordinator: Coordinator {
    weak var delegate: MainCoordinatorDelegate?
    /// Weak: the stack owns the screen; handlers must not keep it alive.
    private weak var home: Screen?

    override func start() {
        let home = Screen(
            "home",
            params: [
                "username": store[.username].map(JSONValue.string) ?? .null, "lastCheckout": .null,
            ]
        )
        .on("selectProfile") { [unowned self] _ in startChild(ProfileCoordinator(environment: environment)) }
        .on("openSettings") { [unowned self] _ in startChild(SettingsCoordinator(environment: environment)) }
        .on("checkout") { [unowned self] _ in showCheckout() }
        .on("logout") { [unowned self] _ in
            store.removeValue(for: .token)
            store.removeValue(for: .username)
            delegate?.mainCoordinatorDidLogout(self)
        }
        self.home = home
        router.setRoot(home)
    }

    private func showCheckout() {
        let checkout = CheckoutCoordinator(environment: environment)
        checkout.onFinish = { [unowned self] finished in
            guard !isFinished, let home, let checkout = finished as? CheckoutCoordinator else { return }
            router.update(home, "lastCheckout", to: .string(checkout.outcome.rawValue))
        }
        startChild(checkout)
    }
}
