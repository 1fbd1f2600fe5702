import TestSupport
import Testing

@testable import Coordination

/// `back` and `dismiss` are carried out by the router, then reported to the
/// owning coordinator; then every child left without screens or live children
/// is finished and let go, deepest first, in the same event.
@Suite("Back and dismiss clean-up", .timeLimit(.minutes(10)), .hangGuard)
struct BackAndDismissCleanupTests {
    // MARK: - Helpers

    /// ROOT shows `home`; then a chain of `depth` children, each pushing one screen
    /// (`a` by A, `b` by B child of A, …).
    private func chain(depth: Int) throws -> Session {
        let session = try Session.workbench()
        for name in ["a", "b", "c", "d", "e"].prefix(depth) {
            try session.tap("startChild", ["name": .string(name)])
        }
        return session
    }

    /// The lifecycle lines logged by what `body` did.
    private func lifecycle(of session: Session, during body: () throws -> Void) rethrows -> [String] {
        let before = session.lifecycle.count
        try body()
        return Array(session.lifecycle.dropFirst(before))
    }

    private let chainNames = ["a", "b", "c", "d"], chainLabels = ["ROOT", "A", "B", "C", "D"]

    // MARK: - Back

    @Test(arguments: 1...4)
    func backFinishesTheDeepestChildOnly(depth: Int) throws {
        let session = try chain(depth: depth)
        let name = chainNames[depth - 1]
        let label = chainLabels[depth]
        let parent = chainLabels[depth - 1]
        let remaining = (["home"] + chainNames.prefix(depth - 1)).joined(separator: ",")

        var calls: [String] = []
        let lines = try lifecycle(of: session) { calls = try session.tap("back") }

        #expect(calls == ["pop(\(name)) [user]"])
        #expect(
            lines == [
                "\(label).didGoBack(\(name)) stack=\(remaining)", "\(label).finish", "\(label).onFinish",
                "\(parent).childDidFinish(\(label))",
            ])
        let expectedTree = chainLabels.prefix(depth).reversed().reduce("") { inner, label in
            inner.isEmpty ? label : "\(label)[\(inner)]"
        }
        #expect(session.treeDescription == expectedTree)
        #expect(session.stackDescription.count == depth)
    }

    @Test func backUnwindsAWholeChainOneCoordinatorAtATime() throws {
        let session = try chain(depth: 3)
        #expect(session.treeDescription == "ROOT[A[B[C]]]")
        #expect(try session.tap("back") == ["pop(c) [user]"])
        #expect(session.treeDescription == "ROOT[A[B]]")
        #expect(try session.tap("back") == ["pop(b) [user]"])
        #expect(session.treeDescription == "ROOT[A]")
        #expect(try session.tap("back") == ["pop(a) [user]"])
        #expect(session.treeDescription == "ROOT")
        #expect(session.stackDescription == ["home:root"])
    }

    @Test func backKeepsACoordinatorThatStillOwnsAScreen() throws {
        let session = try chain(depth: 1)
        try session.tap("push", ["name": "a2"])
        let lines = try lifecycle(of: session) { try session.tap("back") }
        #expect(lines == ["A.didGoBack(a2) stack=home,a"])
        #expect(session.treeDescription == "ROOT[A]")
    }

    @Test func popToRootByADeepChildFinishesEveryAbandonedAncestorInOneEvent() throws {
        let session = try chain(depth: 2)
        var calls: [String] = []
        let lines = try lifecycle(of: session) { calls = try session.tap("popToRoot") }
        #expect(calls == ["popToRoot(home)"])
        #expect(lines == ["B.finish", "B.onFinish", "A.childDidFinish(B)", "A.finish", "A.onFinish", "ROOT.childDidFinish(A)"])
        #expect(session.treeDescription == "ROOT")
        #expect(session.version == 4)
    }

    @Test func aChildMayReplaceTheWholeStackAndLive() throws {
        let session = try chain(depth: 1)
        #expect(try session.tap("setRoot", ["name": "fresh"]) == ["setRoot(fresh)"])
        #expect(session.stackDescription == ["fresh:root"])
        #expect(session.treeDescription == "ROOT[A]")
    }

    @Test func finishingAChildThatStillShowsAScreenIsAFlowFailure() throws {
        let session = try chain(depth: 1)
        let error = expectRefused(.flowFailure, session, tapping: "finish")
        #expect(error?.detail == "screen 'a' is still on the stack but its coordinator has finished")
        #expect(session.treeDescription == "ROOT[A]")
    }

    // MARK: - Dismiss

    @Test(arguments: 0...3)
    func userDismissAtEveryDepthClosesTheModalAndItsCoordinator(pushes: Int) throws {
        let session = try Session.workbench()
        try session.tap("startModalChild", ["name": "m"])
        let pushed = (0..<pushes).map { "m\($0 + 2)" }
        for name in pushed { try session.tap("push", ["name": .string(name)]) }

        var calls: [String] = []
        let lines = try lifecycle(of: session) { calls = try session.tap("dismiss") }

        #expect(calls == ["dismiss(m) [user]"])
        #expect(
            lines == [
                "M.didDismiss(\((["m"] + pushed).joined(separator: ","))) stack=home",
                "M.finish", "M.onFinish", "ROOT.childDidFinish(M)",
            ])
        #expect(session.stackDescription == ["home:root"])
        #expect(session.treeDescription == "ROOT")
    }

    @Test func dismissOfAModalWithScreensOfSeveralCoordinatorsFinishesThemAllInOneCall() throws {
        let session = try Session.workbench()
        try session.tap("startModalChild", ["name": "m"])
        try session.tap("push", ["name": "m2"])
        try session.tap("startChild", ["name": "n"])
        try session.tap("push", ["name": "n2"])
        #expect(session.stackDescription == ["home:root", "m:sheet", "m2:push", "n:push", "n2:push"])
        #expect(session.treeDescription == "ROOT[M[N]]")

        var calls: [String] = []
        let lines = try lifecycle(of: session) { calls = try session.tap("dismiss") }

        #expect(calls == ["dismiss(m) [user]"])
        #expect(
            lines == [
                "M.didDismiss(m,m2) stack=home", "N.didDismiss(n,n2) stack=home",
                "N.finish", "N.onFinish", "M.childDidFinish(N)",
                "M.finish", "M.onFinish", "ROOT.childDidFinish(M)",
            ])
        #expect(session.stackDescription == ["home:root"])
        #expect(session.treeDescription == "ROOT")
        let entry = try #require(session.history.entries.last)
        #expect(entry.byUser && entry.coordinator == "Workbench" && entry.screenId == "s2")
    }

    @Test func dismissClosesOnlyTheTopModal() throws {
        let session = try Session.workbench()
        try session.tap("present", ["name": "sheet", "style": "sheet"])
        try session.tap("startModalChild", ["name": "m"])
        #expect(session.stackDescription == ["home:root", "sheet:sheet", "m:sheet"])

        try session.tap("dismiss")
        #expect(session.stackDescription == ["home:root", "sheet:sheet"])
        #expect(session.treeDescription == "ROOT")

        let lines = try lifecycle(of: session) { try session.tap("dismiss") }
        #expect(lines == ["ROOT.didDismiss(sheet) stack=home"])
        #expect(session.treeDescription == "ROOT")
        #expect(!session.root.isFinished)
    }

    @Test func dismissByTheCoordinatorAlsoFinishesItButIsNotReported() throws {
        let session = try Session.workbench()
        try session.tap("startModalChild", ["name": "m"])
        try session.tap("push", ["name": "m2"])
        var calls: [String] = []
        let lines = try lifecycle(of: session) { calls = try session.tap("dismissModal") }
        // The coordinator's own router call, not the user's reserved `dismiss`.
        #expect(calls == ["dismiss(m)"])
        #expect(lines == ["M.finish", "M.onFinish", "ROOT.childDidFinish(M)"])
        #expect(session.treeDescription == "ROOT")
    }
}
