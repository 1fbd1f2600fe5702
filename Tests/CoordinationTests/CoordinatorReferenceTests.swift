import TestSupport
import Testing

@testable import Coordination

/// What refers to a coordinator without keeping it alive (its children's
/// parent, its screens' coordinator, its pending effects') reads nil once
/// the coordinator is freed, as `weak` would, though none of it is `weak`.
@Suite("Coordinator references", .timeLimit(.minutes(10)), .hangGuard)
struct CoordinatorReferenceTests {
    /// Shows one screen when started.
    private final class Showing: Coordinator {
        let screen = Screen("shown")
        override func start() { router.setRoot(screen) }
    }

    /// Does not leave its parent when it finishes: `super.finish()` is not called.
    private final class Stubborn: Coordinator {
        override func finish() {}
    }

    @Test func aChildOutlivingItsParentHasNoParent() {
        let environment = CoordinatorEnvironment()
        let child = Coordinator(environment: environment)
        var parent: Coordinator? = Coordinator(environment: environment)
        let freed = Weak(parent!)
        parent?.addChild(child)
        #expect(child.parentCoordinator === parent)
        parent = nil
        #expect(freed.object == nil)
        #expect(child.parentCoordinator == nil)
    }

    @Test func aChildLeftBehindByAFinishThatDidNotLeaveHasNoParent() {
        let environment = CoordinatorEnvironment()
        let parent = Coordinator(environment: environment)
        let child = Stubborn(environment: environment)
        parent.addChild(child)
        parent.finish()
        #expect(parent.childCoordinators.isEmpty)
        #expect(child.parentCoordinator == nil)
        // Adopted again, it has a parent again.
        let other = Coordinator(environment: environment)
        other.addChild(child)
        #expect(child.parentCoordinator === other)
    }

    @Test func aScreenOutlivingItsCoordinatorHasNoCoordinator() {
        let environment = CoordinatorEnvironment()
        var coordinator: Showing? = Showing(environment: environment)
        coordinator?.start()
        let screen = coordinator!.screen
        #expect(screen.coordinator === coordinator)
        let freed = Weak(coordinator!)
        coordinator = nil
        // The navigation controller still shows the screen; the coordinator is gone.
        #expect(freed.object == nil)
        #expect(environment.navigation.stack.entries.map(\.screen.name) == ["shown"])
        #expect(environment.navigation.stack.entries.first?.screen === screen)
        #expect(screen.coordinator == nil)
    }

    @Test func everyHolderSharesOneReferenceClearedAsTheCoordinatorIsFreed() {
        let environment = CoordinatorEnvironment()
        var coordinator: Coordinator? = Coordinator(environment: environment)
        let reference = coordinator!.reference
        #expect(coordinator!.reference === reference)
        #expect(reference.coordinator === coordinator)
        coordinator = nil
        #expect(reference.coordinator == nil)
    }
}
