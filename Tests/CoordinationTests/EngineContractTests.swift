import TestSupport
import Testing

@testable import Coordination

/// Promises of openapi.yaml and the engine's docs that a flow could break: what the
/// engine does about them.
@Suite("Engine contract", .timeLimit(.minutes(10)), .hangGuard)
struct EngineContractTests {
    /// A parent that overrides `childDidFinish` without calling `super`, and
    /// notes how many children it still had when it heard of each one.
    private final class Forgetful: Coordinator {
        var heard: [String] = []
        override func start() {
            router.setRoot(
                Screen("home").on("open") { [unowned self] _ in
                    startChild(Pusher(environment: environment))
                })
        }
        override func childDidFinish(_ child: Coordinator) {
            heard.append("childDidFinish(\(child.typeName) finished=\(child.isFinished)) children=\(childCoordinators.count)")
        }
    }

    private final class Pusher: Coordinator {
        override func start() { router.push(Screen("detail")) }
    }

    private func treeTypes(_ value: JSONValue?) -> [String] {
        guard let value, let type = value["type"]?.stringValue else { return [] }
        return [type] + (value["children"]?.arrayValue ?? []).flatMap { treeTypes($0) }
    }

    /// openapi.yaml: "`coordinators` is the live coordinator tree. A finished
    /// coordinator never appears in it." `finish()` itself takes the child out
    /// of its parent's `childCoordinators`, before the parent hears of it, so
    /// a parent that never calls `super.childDidFinish` cannot keep it.
    @Test func aFinishedChildNeverAppearsInTheDocument() throws {
        let flow = Flow(name: "forgetful", description: "") { Forgetful(environment: $0) }
        let session = try Session(id: "x", flow: flow, context: nil)
        try session.tap("open")
        let child = try #require(session.root.childCoordinators.first)
        #expect(child.typeName == "Pusher")
        #expect(try session.tap("back") == ["pop(detail) [user]"])
        #expect(child.isFinished)
        #expect(child.parentCoordinator == nil)
        #expect(session.root.childCoordinators.isEmpty)
        #expect((session.root as? Forgetful)?.heard == ["childDidFinish(Pusher finished=true) children=0"])
        let tree = try JSONParser.parse(session.document())["coordinators"]
        #expect(tree == ["id": "c1", "type": "Forgetful", "children": []])
        #expect(treeTypes(tree) == ["Forgetful"])
    }

    /// openapi.yaml: `events` lists what a screen accepts; a finished session
    /// accepts nothing (every event is `sessionFinished`).
    @Test func aFinishedSessionAdvertisesNoEvents() throws {
        let session = try Session.workbench()
        try session.tap("push", ["name": "detail"])
        try session.tap("finishFlow")
        let stack = try JSONParser.parse(session.document())["stack"]?.arrayValue ?? []
        #expect(stack.compactMap { $0["name"]?.stringValue } == ["home", "detail"])
        #expect(stack.map { $0["events"] } == [[], []])
        expectRefused(.sessionFinished, session, tapping: "update")
        expectRefused(.sessionFinished, session, tapping: "back")
    }

    /// Ending a session (rather than its root finishing) advertises no events either.
    @Test func anEndedSessionAdvertisesNoEvents() throws {
        let session = try Session.workbench()
        try session.tap("startModalChild", ["name": "m"])
        session.end()
        let stack = try JSONParser.parse(session.document())["stack"]?.arrayValue ?? []
        #expect(stack.compactMap { $0["name"]?.stringValue } == ["home", "m"])
        #expect(stack.map { $0["events"] } == [[], []])
        expectRefused(.sessionFinished, session, tapping: "dismiss")
    }

    /// Declaring `back` or `dismiss` with `Screen.on` is a bug in the flow:
    /// the router refuses to show such a screen, so the event that tried is a
    /// flow failure, undone, and the handler is never called.
    @Test(arguments: ["back", "dismiss"])
    func showingAScreenThatDeclaresAReservedNameIsAFlowFailure(reserved: String) throws {
        final class Shadow: Coordinator {
            let reserved: String
            var calls = 0
            init(environment: CoordinatorEnvironment, reserved: String) {
                self.reserved = reserved
                super.init(environment: environment)
            }
            override func start() {
                router.setRoot(
                    Screen("home").on("open") { [unowned self] _ in
                        router.push(Screen("detail").on(reserved) { [unowned self] _ in calls += 1 })
                    })
            }
        }
        let flow = Flow(name: "shadow", description: "") { Shadow(environment: $0, reserved: reserved) }
        let session = try Session(id: "x", flow: flow, context: nil)
        let error = expectRefused(.flowFailure, session, tapping: "open")
        #expect(error?.detail == "screen 'detail' declares '\(reserved)', which is reserved: use allowsBack or allowsDismiss")
        #expect(error?.detail.contains("declares '\(reserved)', which is reserved") == true)
        #expect(session.stackDescription == ["home:root"])
        #expect(session.version == 1)
        #expect(!session.isBroken)
        #expect((session.root as? Shadow)?.calls == 0)
    }

    /// The same refusal in `start()`: the session cannot be created.
    @Test(arguments: ["back", "dismiss"])
    func aRootScreenThatDeclaresAReservedNameCannotStartASession(reserved: String) {
        let flow = Flow(name: "declares", description: "") { ReservedDeclarer(environment: $0, reserved: reserved) }
        let error = #expect(throws: NavigationError.self) { try Session(id: "x", flow: flow, context: nil) }
        #expect(error?.kind == .flowFailure)
        #expect(error?.detail == "screen 'home' declares '\(reserved)', which is reserved: use allowsBack or allowsDismiss")
    }

    private final class ReservedDeclarer: Coordinator {
        let reserved: String
        init(environment: CoordinatorEnvironment, reserved: String) {
            self.reserved = reserved
            super.init(environment: environment)
        }
        override func start() {
            router.setRoot(Screen("home").on("open") { _ in }.on(reserved) { _ in })
        }
    }
}
