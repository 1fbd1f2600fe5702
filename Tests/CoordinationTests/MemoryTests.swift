import TestSupport
import Testing

@testable import Coordination
@testable import Sessions

/// Nothing finished stays alive: coordinators and screens are freed when they
/// leave the tree and the stack, and everything when the session ends.
@Suite("Memory", .timeLimit(.minutes(10)), .hangGuard)
struct MemoryTests {
    // MARK: - Helpers

    private func everyCoordinator(under coordinator: Coordinator) -> [Coordinator] {
        [coordinator] + coordinator.childCoordinators.flatMap(everyCoordinator)
    }

    /// Weak references to every coordinator in the tree and every screen on the stack.
    private func weakGraph(of session: Session) -> (coordinators: [Weak<Coordinator>], screens: [Weak<Screen>]) {
        (everyCoordinator(under: session.root).map(Weak.init), session.stack.entries.map { Weak($0.screen) })
    }

    /// ROOT[M[N]] with home, m (sheet), m2, n on the stack.
    private func busy(_ session: Session) throws(NavigationError) {
        try session.tap("startModalChild", ["name": "m"])
        try session.tap("push", ["name": "m2"])
        try session.tap("startChild", ["name": "n"])
    }

    // MARK: - Ending

    @Test func registryEndFreesEveryCoordinatorAndScreen() throws {
        let registry = SessionRegistry(flows: [.workbench])
        let id = try registry.create(flow: "workbench", context: nil).id
        var graph: (coordinators: [Weak<Coordinator>], screens: [Weak<Screen>]) = ([], [])
        try registry.tap(id, "startModalChild", ["name": "m"])
        try registry.tap(id, "push", ["name": "m2"])
        try registry.tap(id, "startChild", ["name": "n"])
        try registry.withSession(id) { session throws(NavigationError) in graph = weakGraph(of: session) }
        #expect(graph.coordinators.count == 3 && graph.screens.count == 4)
        #expect(graph.coordinators.allSatisfy { $0.object != nil })

        try registry.end(id)
        #expect(graph.coordinators.allSatisfy { $0.object == nil })
        #expect(graph.screens.allSatisfy { $0.object == nil })
    }

    @Test func sessionEndFinishesTheTreeAndReleasingTheSessionFreesIt() throws {
        var graph: (coordinators: [Weak<Coordinator>], screens: [Weak<Screen>]) = ([], [])
        do {
            let session = try Session.workbench()
            try busy(session)
            graph = weakGraph(of: session)
            session.end()
            // Children are let go at once; the root stays with its session.
            #expect(graph.coordinators.map { $0.object == nil } == [false, true, true])
        }
        #expect(graph.coordinators.allSatisfy { $0.object == nil })
        #expect(graph.screens.allSatisfy { $0.object == nil })
    }

    @Test func aSessionDroppedWithoutEndingHoldsNoCycle() throws {
        var graph: (coordinators: [Weak<Coordinator>], screens: [Weak<Screen>]) = ([], [])
        do {
            let session = try Session.workbench()
            try busy(session)
            graph = weakGraph(of: session)
        }
        #expect(graph.coordinators.allSatisfy { $0.object == nil })
        #expect(graph.screens.allSatisfy { $0.object == nil })
    }

    // MARK: - While the session lives

    @Test func aChildAndItsScreenAreFreedWhenTheUserGoesBack() throws {
        let session = try Session.workbench()
        try session.tap("startChild", ["name": "a"])
        let child = Weak(try #require(session.root.childCoordinators.first))
        let screen = Weak(try #require(session.stack.top?.screen))
        try session.tap("back")
        #expect(child.object == nil)
        #expect(screen.object == nil)
    }

    @Test func aDismissedModalIsFreedWithAllItsCoordinators() throws {
        let session = try Session.workbench()
        try busy(session)
        let graph = weakGraph(of: session)
        try session.tap("dismiss")
        #expect(graph.coordinators.map { $0.object == nil } == [false, true, true])
        #expect(graph.screens.map { $0.object == nil } == [false, true, true, true])
    }

    @Test func aRefusedEventReplacesAndFreesTheWholeObjectGraph() throws {
        let session = try Session.workbench()
        try busy(session)
        let graph = weakGraph(of: session)
        let ids = everyCoordinator(under: session.root).map(\.id)
        expectRefused(.eventRejected, session, tapping: "reject")
        // The session was rebuilt from its journal: same ids, new objects, the old ones freed.
        #expect(everyCoordinator(under: session.root).map(\.id) == ids)
        #expect(graph.coordinators.allSatisfy { $0.object == nil })
        #expect(graph.screens.allSatisfy { $0.object == nil })
    }
}
