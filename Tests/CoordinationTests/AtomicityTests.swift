import Synchronization
import Testing
@testable import Coordination

/// An event applies completely or not at all: a handler that changes things
/// and then fails leaves the session as it was, byte for byte, store included.
@Suite("Atomic events")
struct AtomicityTests {
    // MARK: - Handlers that fail part-way

    @Test func rejectionAfterChangesLeavesTheSessionAsItWas() throws {
        let session = try Session.workbench()
        try session.tap("push", ["name": "detail"])
        let lifecycle = session.lifecycle

        let error = expectRefused(.eventRejected, session, tapping: "reject")
        #expect(error?.detail == "the workbench refuses")
        #expect(session.store[.touched] == nil)
        #expect(session.stackDescription == ["home:root", "detail:push"])
        #expect(session.stack.top?.screen.params == ["count": 0])
        #expect(session.treeDescription == "ROOT")
        #expect(session.lifecycle == lifecycle)
    }

    @Test func anyOtherErrorIsAFlowFailureAndUndoneToo() throws {
        let session = try Session.workbench()
        let error = expectRefused(.flowFailure, session, tapping: "crash")
        #expect(error?.detail == "the handler of 'crash' failed: the workbench crashed on purpose")
        #expect(!session.isBroken)
    }

    @Test func theSessionCarriesOnAsIfTheRefusedEventNeverHappened() throws {
        let twin = try Session.workbench()
        let session = try Session.workbench()
        for target in [twin, session] {
            try target.tap("push", ["name": "detail"])
        }
        expectRefused(.eventRejected, session, tapping: "reject")
        for target in [twin, session] {
            try target.tap("push", ["name": "next"])
        }
        #expect(session.stack.top?.screen.id == "s3")
        #expect(session.documentText == twin.documentText)
        #expect(session.historyDocument() == twin.historyDocument())
    }

    // MARK: - Router misuse

    @Test(arguments: [
        ("pop", "router misuse: pop of 'home', which was not pushed (a root or a modal is dismissed, not popped)"),
        ("dismissModal", "router misuse: dismiss with no modal open"),
        ("updateOffStack", "router misuse: update of 'nowhere', which is not on the stack"),
    ])
    func routerMisuseIsAFlowFailureAndChangesNothing(event: String, detail: String) throws {
        let session = try Session.workbench()
        try session.tap("update")
        let error = expectRefused(.flowFailure, session, tapping: event)
        #expect(error?.detail == detail)
        #expect(!session.isBroken)
        try session.tap("update")
        #expect(session.stack.top?.screen.params == ["count": 2])
    }

    @Test func stackDepthLimitIsAFlowFailure() throws {
        var limits = SessionLimits()
        limits.maxStackDepth = 3
        let session = try Session.workbench(limits: limits)
        try session.tap("push", ["name": "one"])
        try session.tap("present", ["name": "two", "style": "sheet"])
        let error = expectRefused(.flowFailure, session, tapping: "push", ["name": "three"])
        #expect(error?.detail == "router misuse: the stack would exceed its limit of 3 screens")
        #expect(session.stackDescription == ["home:root", "one:push", "two:sheet"])
        try session.tap("setRoot", ["name": "fresh"])
        #expect(session.stackDescription == ["fresh:root"])
    }

    // MARK: - Flows that do not replay

    /// Shows `home` on even builds and `away` on odd ones: not deterministic.
    private final class Flaky: Coordinator {
        let build: Int
        init(environment: CoordinatorEnvironment, build: Int) {
            self.build = build
            super.init(environment: environment)
        }
        override func start() {
            let screen = Screen(build.isMultiple(of: 2) ? "home" : "away")
            if build.isMultiple(of: 2) { screen.on("go") { _ in } }
            screen.on("refuse") { _ in throw EventRejection("no") }
            router.setRoot(screen)
        }
    }

    private final class BuildCounter: Sendable {
        let builds = Atomic<Int>(0)
    }

    private static func flakyFlow() -> Flow {
        let counter = BuildCounter()
        return Flow(name: "flaky", description: "Not deterministic.") { environment in
            Flaky(environment: environment, build: counter.builds.add(1, ordering: .relaxed).oldValue)
        }
    }

    @Test func aFlowThatDoesNotReplayBreaksItsSession() throws {
        let session = try Session(id: "flaky", flow: Self.flakyFlow(), context: nil)
        try session.tap("go")
        let error = expectRefused(.flowFailure, session, tapping: "refuse")
        #expect(error?.detail.hasPrefix("the flow is not deterministic: replaying accepted event 1 failed") == true)
        #expect(session.isBroken)

        let lost = expectRefused(.flowFailure, session, tapping: "go")
        #expect(lost?.detail == "the session was lost after its flow failed to replay")
    }

    @Test func theRegistryDropsABrokenSession() throws {
        let registry = SessionRegistry(flows: [Self.flakyFlow()])
        let id = try registry.create(flow: "flaky", context: nil).id
        _ = try registry.send(ClientEvent(screen: "s1", event: "go"), to: id)
        #expect(throws: NavigationError.self) { try registry.send(ClientEvent(screen: "s1", event: "refuse"), to: id) }
        #expect(registry.count == 0)
        #expect(registry.statistics == RegistryStatistics(created: 1, ended: 1, evicted: 0))
        let error = #expect(throws: NavigationError.self) { try registry.snapshot(id) }
        #expect(error?.kind == .sessionNotFound)
    }
}
