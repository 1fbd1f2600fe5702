import Coordination

protocol OnboardingCoordinatorDelegate: AnyObject {
    func onboardingCoordinatorDidFinish(_ coordinator: OnboardingCoordinator)
}

/// `welcome` then `features`; `next` on the last page or `skip` anywhere
/// finishes, and the delegate moves on.
final class OnboardingCoordinator: Coordinator {
    weak var delegate: OnboardingCoordinatorDelegate?

    override func start() {
        let welcome = Screen("welcome", title: "Welcome", params: ["title": "Welcome", "page": 1, "pages": 2])
            .on("next", label: "Next", role: .primary) { [unowned self] _ in showFeatures() }
            .on("skip", label: "Skip") { [unowned self] _ in finish() }
        router.setRoot(welcome)
    }

    override func finish() {
        guard !isFinished else { return }
        super.finish()
        delegate?.onboardingCoordinatorDidFinish(self)
    }

    private func showFeatures() {
        let features = Screen("features", title: "What you can do", params: ["title": "What you can do", "page": 2, "pages": 2])
            .on("next", label: "Get started", role: .primary) { [unowned self] _ in finish() }
            .on("skip", label: "Skip") { [unowned self] _ in finish() }
        router.push(features)
    }
}
