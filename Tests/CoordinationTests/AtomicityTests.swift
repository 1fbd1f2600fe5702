import Synchronization
import TestSupport
import Testing

@testable import Coordination
@testable import Sessions

/// An event applies completely or not at all: a handler that changes things
/// and then fails leaves the session as it was, byte for byte, store included.
@Suite("Atomic events", .timeLimit(.minutes(10)), .hangGuard)
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

    @Test func stackDepthLimitRefusesTheEventAsALimitNotAFlowBug() throws {
        var limits = SessionLimits()
        limits.maxStackDepth = 3
        let session = try Session.workbench(limits: limits)
        try session.tap("push", ["name": "one"])
        try session.tap("present", ["name": "two", "style": "sheet"])
        let error = expectRefused(.stackLimitReached, session, tapping: "push", ["name": "three"])
        #expect(error?.detail == "the event would put more than 3 screens on the stack; go back or dismiss first")
        #expect(session.stackDescription == ["home:root", "one:push", "two:sheet"])
        try session.tap("setRoot", ["name": "fresh"])
        #expect(session.stackDescription == ["fresh:root"])
    }

    // MARK: - Refusals that change nothing cost nothing

    /// One screen whose events refuse after changing one kind of thing
    /// through the engine, or nothing at all; deterministic, with its builds
    /// counted so a test can see whether the session was rebuilt.
    private final class Picky: Coordinator {
        override func start() {
            let home = Screen("home", params: ["count": 0])
            home.on("decline") { _ in throw EventRejection("declined") }
                .on("writeThenDecline") { [unowned self] _ in
                    store[.touched] = true
                    throw EventRejection("declined")
                }
                .on("updateThenDecline") { [unowned self, unowned home] _ in
                    router.update(home, "count", to: 1)
                    throw EventRejection("declined")
                }
                .on("misuseThenDecline") { [unowned self] _ in
                    router.pop()
                    throw EventRejection("declined")
                }
                .on("adoptThenDecline") { [unowned self] _ in
                    addChild(Coordinator(environment: environment))
                    throw EventRejection("declined")
                }
                .on("crash") { _ in throw WorkbenchCrash() }
                .on("update") { [unowned self, unowned home] _ in
                    router.update(home, "count", to: .number((home.params["count"]?.numberValue ?? 0) + 1))
                }
            router.setRoot(home)
        }
    }

    private static func pickyFlow(_ counter: BuildCounter) -> Flow {
        Flow(name: "picky", description: "Refuses in every way.") { environment in
            counter.builds.add(1, ordering: .relaxed)
            return Picky(environment: environment)
        }
    }

    /// A handler that throws `EventRejection` before changing anything
    /// through the engine leaves the live objects in place: no rebuild from
    /// the journal, the very same root.
    @Test func aRejectionThatChangedNothingKeepsTheSessionsObjects() throws {
        let counter = BuildCounter()
        let session = try Session(id: "picky", flow: Self.pickyFlow(counter), context: nil)
        try session.tap("update")
        let root = session.root
        let home = try #require(session.stack.top?.screen)
        #expect(counter.builds.load(ordering: .relaxed) == 1)

        let error = expectRefused(.eventRejected, session, tapping: "decline")
        #expect(error?.detail == "declined")
        #expect(session.root === root)
        #expect(session.stack.top?.screen === home)
        #expect(counter.builds.load(ordering: .relaxed) == 1)
        #expect(!session.isBroken)

        try session.tap("update")
        #expect(session.version == 3)
        #expect(session.stack.top?.screen.params == ["count": 2])
        #expect(counter.builds.load(ordering: .relaxed) == 1)
    }

    /// As soon as the refusing handler changed something through the engine
    /// (the store, a router call, even a refused one, the coordinator tree),
    /// or failed in any other way, the session is rebuilt: new objects, the
    /// same state.
    @Test(arguments: ["writeThenDecline", "updateThenDecline", "misuseThenDecline", "adoptThenDecline", "crash"])
    func aRefusalAfterAChangeOrAnyOtherFailureRebuildsTheSession(event: String) throws {
        let counter = BuildCounter()
        let session = try Session(id: "picky", flow: Self.pickyFlow(counter), context: nil)
        try session.tap("update")
        let root = session.root

        let error = expectRefused(event == "crash" ? .flowFailure : .eventRejected, session, tapping: event)
        #expect(error?.detail == (event == "crash" ? "the handler of 'crash' failed: the workbench crashed on purpose" : "declined"))
        #expect(session.root !== root)
        #expect(counter.builds.load(ordering: .relaxed) == 2)
        #expect(session.store[.touched] == nil)
        #expect(session.stack.top?.screen.params == ["count": 1])
        #expect(session.root.childCoordinators.isEmpty)
        #expect(!session.isBroken)
    }

    // MARK: - Flows that do not replay

    /// Shows `home` on even builds and `away` on odd ones: not deterministic.
    /// `refuse` writes to the store before refusing, so the session must be
    /// rebuilt, and the rebuild cannot replay `go`; `decline` refuses before
    /// changing anything, so no rebuild is needed.
    private final class Flaky: Coordinator {
        let build: Int
        init(environment: CoordinatorEnvironment, build: Int) {
            self.build = build
            super.init(environment: environment)
        }
        override func start() {
            let screen = Screen(build.isMultiple(of: 2) ? "home" : "away")
            if build.isMultiple(of: 2) { screen.on("go") { _ in } }
            screen.on("refuse") { [unowned self] _ in
                store[.touched] = true
                throw EventRejection("no")
            }
            screen.on("decline") { _ in throw EventRejection("no") }
            router.setRoot(screen)
        }
    }

    private final class BuildCounter: Sendable {
        let builds = Atomic<Int>(0)
    }

    private static func flakyFlow(_ counter: BuildCounter = BuildCounter()) -> Flow {
        Flow(name: "flaky", description: "Not deterministic.") { environment in
            Flaky(environment: environment, build: counter.builds.add(1, ordering: .relaxed).oldValue)
        }
    }

    @Test func aFlowThatDoesNotReplayBreaksItsSession() throws {
        let counter = BuildCounter()
        let session = try Session(id: "flaky", flow: Self.flakyFlow(counter), context: nil)
        try session.tap("go")
        let error = expectRefused(.flowFailure, session, tapping: "refuse")
        #expect(error?.detail.hasPrefix("the flow is not deterministic: replaying accepted event 1 failed") == true)
        #expect(session.isBroken)
        #expect(counter.builds.load(ordering: .relaxed) == 2)

        let lost = expectRefused(.flowFailure, session, tapping: "go")
        #expect(lost?.detail == "the session was lost after its flow failed to replay")
        #expect(counter.builds.load(ordering: .relaxed) == 2)
    }

    /// The same flow survives a refusal that changed nothing: it is never rebuilt.
    @Test func aRejectionThatChangedNothingNeverReplaysAFlakyFlow() throws {
        let counter = BuildCounter()
        let session = try Session(id: "flaky", flow: Self.flakyFlow(counter), context: nil)
        try session.tap("go")
        let root = session.root
        let error = expectRefused(.eventRejected, session, tapping: "decline")
        #expect(error?.detail == "no")
        #expect(session.root === root)
        #expect(!session.isBroken)
        #expect(counter.builds.load(ordering: .relaxed) == 1)
        try session.tap("go")
        #expect(session.version == 3)
    }

    @Test func theRegistryDropsABrokenSession() throws {
        let registry = SessionRegistry(flows: [Self.flakyFlow()])
        let id = try registry.create(flow: "flaky", context: nil).id
        _ = try registry.send(ClientEvent(screen: "s1", event: "go"), to: id)
        let refusal = #expect(throws: NavigationError.self) { try registry.send(ClientEvent(screen: "s1", event: "refuse"), to: id) }
        #expect(refusal?.kind == .flowFailure)
        #expect(refusal?.detail.hasPrefix("the flow is not deterministic: replaying accepted event 1 failed") == true)
        #expect(registry.count == 0)
        #expect(registry.statistics == RegistryStatistics(created: 1, ended: 1, evicted: 0, flowChanged: 0))
        let error = #expect(throws: NavigationError.self) { try registry.document(of: id) }
        #expect(error?.kind == .sessionNotFound)
    }

    @Test func theRegistryKeepsAFlakySessionThatOnlyDeclined() throws {
        let registry = SessionRegistry(flows: [Self.flakyFlow()])
        let id = try registry.create(flow: "flaky", context: nil).id
        _ = try registry.send(ClientEvent(screen: "s1", event: "go"), to: id)
        let refusal = #expect(throws: NavigationError.self) { try registry.send(ClientEvent(screen: "s1", event: "decline"), to: id) }
        #expect(refusal?.kind == .eventRejected)
        #expect(registry.count == 1)
        #expect(registry.statistics == RegistryStatistics(created: 1, ended: 0, evicted: 0, flowChanged: 0))
        #expect(try registry.document(of: id).version == 2)
    }
}
