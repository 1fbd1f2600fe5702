import Coordination

/// The root of `app`: reads the context and the shared store, then starts
/// onboarding, login or the main flow, and moves on when each finishes.
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
        coordinator.finish()
        guard !isFinished else { return }
        showAuth()
    }
}
