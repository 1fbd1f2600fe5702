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
            "home", title: "Home",
            params: [
                "username": store[.username].map(JSONValue.string) ?? .null, "lastCheckout": .null,
            ]
        )
        .on("selectProfile", label: "Profile") { [unowned self] _ in startChild(ProfileCoordinator(environment: environment)) }
        .on("openSettings", label: "Settings") { [unowned self] _ in startChild(SettingsCoordinator(environment: environment)) }
        .on("checkout", label: "Check out", role: .primary) { [unowned self] _ in showCheckout() }
        .on("logout", label: "Sign out", role: .destructive) { [unowned self] _ in
            store.removeValue(for: .token)
            store.removeValue(for: .username)
            delegate?.mainCoordinatorDidLogout(self)
        }
        self.home = home
        router.setRoot(home)
    }

    /// Home as the link's starting point: the checkout modal dismissed,
    /// pushed screens popped, and the children that showed them finished.
    private func returnHome() {
        if router.stack.entries.contains(where: { $0.presentation.isModal }) { router.dismiss() }
        if router.stack.top?.presentation == .push { router.popToRoot() }
        for child in childCoordinators.reversed() { child.finish() }
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

extension MainCoordinator: DeepLinkHandler {
    @discardableResult
    func handle(_ route: AppRoute) -> LinkHandling {
        returnHome()
        switch route {
        case .home: break
        case .profile: startChild(ProfileCoordinator(environment: environment))
        case .settings: startChild(SettingsCoordinator(environment: environment))
        case .checkout: showCheckout()
        }
        return .followed
    }
}
