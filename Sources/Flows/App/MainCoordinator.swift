import Coordination

protocol MainCoordinatorDelegate: AnyObject {
    func mainCoordinatorDidLogout(_ coordinator: MainCoordinator)
}

/// `home`, and the children it starts: profile, settings and checkout.
final class MainCoordinator: Coordinator {
    weak var delegate: MainCoordinatorDelegate?

    override func start() {
        let home = Screen("home", params: ["username": store[.username].map(JSONValue.string) ?? nil])
            .on("selectProfile") { [unowned self] _ in
                let profile = ProfileCoordinator(environment: environment)
                profile.onFinish = { [unowned self] in removeChild($0) }
                startChild(profile)
            }
            .on("openSettings") { [unowned self] _ in
                startChild(SettingsCoordinator(environment: environment))
            }
            .on("checkout") { [unowned self] _ in
                let checkout = CheckoutCoordinator(environment: environment)
                checkout.onFinish = { [unowned self] in removeChild($0) }
                startChild(checkout)
            }
            .on("logout") { [unowned self] _ in
                store.removeValue(for: .token)
                store.removeValue(for: .username)
                delegate?.mainCoordinatorDidLogout(self)
            }
        router.setRoot(home)
    }
}
