import TestSupport
import Testing

@testable import Coordination

/// A session from creation to its end: start as version 1, a root that
/// finishes, `end()`, deterministic ids, and the bounded history.
@Suite("Session life cycle", .timeLimit(.minutes(10)), .hangGuard)
struct SessionLifecycleTests {
    // MARK: - Creation

    @Test func creationRunsStartAsVersionOne() throws {
        let session = try Session.workbench(id: "first")
        #expect(session.version == 1)
        #expect(session.acceptedEvents.isEmpty)
        #expect(session.stackDescription == ["home:root"])
        #expect(session.routerCalls(since: 0) == ["setRoot(home)"])
        #expect(session.history.entries.first?.version == 1)
        let document = try JSONParser.parse(session.document())
        #expect(document["id"] == "first")
        #expect(document["flow"] == "workbench")
        #expect(document["version"] == 1)
        #expect(document["finished"] == false)
        #expect(document["result"] == nil)
        #expect(document["coordinators"] == ["id": "c1", "type": "Workbench", "children": []])
    }

    private final class Silent: Coordinator {}
    private final class PopsFirst: Coordinator {
        override func start() { router.pop() }
    }

    @Test func aRootThatShowsNothingCannotStartASession() {
        let flow = Flow(name: "silent", description: "") { Silent(environment: $0) }
        let error = #expect(throws: NavigationError.self) { try Session(id: "x", flow: flow, context: nil) }
        #expect(error?.kind == .flowFailure)
        #expect(error?.detail == "the flow shows no screen and its root coordinator has not finished")
    }

    @Test func routerMisuseInStartCannotStartASession() {
        let flow = Flow(name: "pops", description: "") { PopsFirst(environment: $0) }
        let error = #expect(throws: NavigationError.self) { try Session(id: "x", flow: flow, context: nil) }
        #expect(error?.detail == "router misuse: pop on an empty stack (use setRoot first)")
    }

    // MARK: - Finishing

    @Test func aRootThatFinishesEndsTheSessionWithItsResult() throws {
        let session = try Session.workbench()
        try session.tap("startChild", ["name": "a"])
        try session.tap("back")
        try session.tap("finishFlow")
        #expect(session.isFinished)
        #expect(session.version == 4)
        #expect(session.lifecycle.last == "ROOT.finish")
        let document = try JSONParser.parse(session.document())
        #expect(document["finished"] == true)
        #expect(document["result"] == ["answer": 42])
        #expect(document["coordinators"] == .null)

        let error = expectRefused(.sessionFinished, session, tapping: "update")
        #expect(error?.currentVersion == 4)
        expectRefused(.versionMismatch, session, ClientEvent(screen: "s1", event: "update"), expectedVersion: 3)
    }

    @Test func aChildCannotFinishTheFlowWhileItsScreenIsShown() throws {
        let session = try Session.workbench()
        try session.tap("startChild", ["name": "a"])
        let error = expectRefused(.flowFailure, session, tapping: "finishFlow")
        #expect(error?.detail == "screen 'a' is still on the stack but its coordinator has finished")
        #expect(!session.isFinished)
    }

    @Test func endFinishesEveryCoordinatorAndRefusesEvents() throws {
        let session = try Session.workbench()
        try session.tap("startChild", ["name": "a"])
        try session.tap("startChild", ["name": "b"])
        let a = try #require(session.root.childCoordinators.first)
        let b = try #require(a.childCoordinators.first)
        session.end()
        #expect(session.root.isFinished && a.isFinished && b.isFinished)
        #expect(session.root.childCoordinators.isEmpty && a.childCoordinators.isEmpty)
        #expect(
            Array(session.lifecycle.suffix(7)) == [
                "ROOT.finish", "A.finish", "B.finish", "B.onFinish", "A.childDidFinish(B)", "A.onFinish", "ROOT.childDidFinish(A)",
            ])
        let document = try JSONParser.parse(session.document())
        #expect(document["finished"] == true)
        #expect(document["result"] == .null)
        #expect(document["version"] == 3)
        expectRefused(.sessionFinished, session, tapping: "update")
    }

    /// A parent that moves on when its modal child finishes, and a child
    /// that closes its modal when it finishes: both navigate while finishing.
    private final class MovesOn: Coordinator {
        override func start() {
            router.setRoot(Screen("home").on("open") { [unowned self] _ in startChild(ClosesItself(environment: environment)) })
        }
        override func childDidFinish(_ child: Coordinator) {
            router.setRoot(Screen("next"))
        }
    }

    private final class ClosesItself: Coordinator {
        override func start() { router.present(Screen("modal")) }
        override func finish() {
            guard !isFinished else { return }
            router.update(Screen("ghost"), "x", to: 1)
            router.dismiss()
            super.finish()
            router.push(Screen("late"))
        }
    }

    @Test func endIgnoresEveryRouterCallMadeWhileTheTreeIsTornDown() throws {
        let flow = Flow(name: "moves-on", description: "") { MovesOn(environment: $0) }
        let session = try Session(id: "x", flow: flow, context: nil)
        try session.tap("open")
        let child = try #require(session.root.childCoordinators.first)
        let history = session.historyDocument()

        session.end()
        #expect(session.isFinished && child.isFinished)
        #expect(session.stackDescription == ["home:root", "modal:sheet"])
        #expect(session.historyDocument() == history)
        #expect(session.routerCalls(since: 0) == ["setRoot(home)", "present(modal, sheet)"])
        #expect(session.liveState.navigation.misuse == nil)
        #expect(session.version == 2)
    }

    // MARK: - Determinism

    @Test func twoSessionsOfTheSameEventsRenderTheSameDocument() throws {
        let sessions = try ["one", "two"].map { id throws(NavigationError) in try Session.workbench(id: id) }
        for session in sessions {
            try session.tap("startModalChild", ["name": "m"])
            try session.tap("push", ["name": "m2"])
            try session.tap("update")
            try session.tap("back")
            try session.tap("startChild", ["name": "n"])
        }
        let texts = sessions.map(\.documentText)
        #expect(texts[0].contains("\"id\":\"one\""))
        #expect(texts[0].replacing("\"id\":\"one\"", with: "\"id\":\"two\"") == texts[1])
        #expect(sessions[0].historyDocument() == sessions[1].historyDocument())
        let ids = sessions[0].stack.entries.map { "\($0.screen.id ?? "")@\($0.screen.coordinator?.id ?? "")" }
        #expect(ids == ["s1@c1", "s2@c2", "s4@c3"])
    }

    // MARK: - History

    @Test func historyKeepsTheNewestEntriesAndSaysWhenSomeWereDropped() throws {
        var limits = SessionLimits()
        limits.maxHistoryLength = 3
        let session = try Session.workbench(limits: limits)
        for _ in 0..<3 { try session.tap("update") }
        #expect(session.history.entries.map(\.seq) == [2, 3, 4])
        #expect(session.history.entries.map(\.version) == [2, 3, 4])
        #expect(session.history.nextSeq == 5)

        let all = session.history.entries(since: 0)
        #expect(all.truncated && all.entries.map(\.seq) == [2, 3, 4])
        let sinceOne = session.history.entries(since: 1)
        #expect(!sinceOne.truncated && sinceOne.entries.map(\.seq) == [2, 3, 4])
        let sinceThree = session.history.entries(since: 3)
        #expect(!sinceThree.truncated && sinceThree.entries.map(\.seq) == [4])

        let document = try JSONParser.parse(session.historyDocument(since: 0))
        #expect(document["truncated"] == true)
        #expect(document["version"] == 4)
        #expect(document["entries"]?.arrayValue?.count == 3)
    }

    @Test func historyDocumentSinceAVersionIsTheTransitionPlan() throws {
        let session = try Session.workbench()
        try session.tap("startModalChild", ["name": "m"])
        try session.tap("push", ["name": "m2"])
        try session.tap("dismiss")
        let plan = try JSONParser.parse(session.historyDocument(since: 2))
        #expect(
            plan == [
                "version": 4, "truncated": false,
                "entries": [
                    [
                        "seq": 3, "version": 3, "operation": "push", "screen": "m2", "screenId": "s3", "presentation": "push",
                        "coordinator": "Workbench", "animated": true, "byUser": false,
                    ],
                    [
                        "seq": 4, "version": 4, "operation": "dismiss", "screen": "m", "screenId": "s2",
                        "coordinator": "Workbench", "animated": true, "byUser": true,
                    ],
                ],
            ])
        #expect(session.historyDocument(since: 4) == Array(#"{"version":4,"truncated":false,"entries":[]}"#.utf8))
    }
}
