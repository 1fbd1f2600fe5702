import Coordination

/// The root of `app`: reads the context and the shared store, then starts
/// onboarding, login or the main flow, and moves on when each finishes.
///
/// Links arrive here first. Until the user is logged in (onboarding or
/// login is showing) a link is held, never followed: Main, which follows
/// them, does not exist yet. Starting Main follows the held link; logout
/// drops it.
final class AppCoordinator: Coordinator {
    override func start() {
        if let onboarded = environment.context["onboarded"]?.boolValue, onboarded {
            store[.onboarded] = true
        }
        if let token = environment.context["token"]?.stringValue {
            store[.token] = token
        }
        showNextFlow()
    }

    private func showNextFlow() {
        if !store[.onboarded, default: false] {
            let onboarding = OnboardingCoordinator(environment: environment)
            onboarding.delegate = self
            startChild(onboarding)
        } else if store[.token] == nil {
            showAuth()
        } else {
            showMain()
        }
    }

    private func showAuth() {
        let auth = AuthCoordinator(environment: environment)
        addChild(auth)
        auth.start { [unowned self] user in
            store[.token] = "token-\(user.username)"
            store[.username] = user.username
            showMain()
        }
    }

    private func showMain() {
        let main = MainCoordinator(environment: environment)
        main.delegate = self
        startChild(main)
        followHeldLink()
    }

    /// The running main flow: there is one only while the user is logged in.
    private var main: MainCoordinator? {
        childCoordinators.lazy.compactMap { $0 as? MainCoordinator }.first
    }
}

extension AppCoordinator: DeepLinkHandler {
    func handle(_ route: AppRoute) -> LinkHandling {
        guard let main else { return .hold }
        return main.handle(route)
    }
}

extension AppCoordinator: OnboardingCoordinatorDelegate {
    func onboardingCoordinatorDidFinish(_ coordinator: OnboardingCoordinator) {
        guard !isFinished else { return }
        store[.onboarded] = true
        showNextFlow()
    }
}

extension AppCoordinator: MainCoordinatorDelegate {
    func mainCoordinatorDidLogout(_ coordinator: MainCoordinator) {
        dropHeldLink()
        coordinator.finish()
        guard !isFinished else { return }
        showAuth()
    }
}
