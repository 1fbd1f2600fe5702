import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// Sessions of the built-in flows rebuilt from their journal, as after a
/// restart, and events taken back with `undoLastChange()`: the same
/// document, history and version, byte for byte, at every step of a long walk.
@Suite("Restoring and undoing built-in flow sessions", .timeLimit(.minutes(10)), .hangGuard)
struct FlowRestoreTests {
    /// One step of a walk: the screen on top, the event, its payload.
    struct Step: CustomTestStringConvertible {
        let screen: String, event: String, payload: JSONObject
        init(_ screen: String, _ event: String, _ payload: JSONObject = [:]) {
            self.screen = screen
            self.event = event
            self.payload = payload
        }
        var testDescription: String { "\(event) on \(screen)" }
    }

    /// A walk of a flow from a start context.
    struct Walk: CustomTestStringConvertible, Sendable {
        let name: String
        let start: @Sendable () throws -> FlowSession
        let steps: @Sendable () -> [Step]
        var testDescription: String { name }
    }

    /// Onboarding, a failed and a good login, a password reset, profile,
    /// settings, checkouts done, dismissed and abandoned, logout and login again.
    static let app = Walk(name: "app from onboarding", start: { try FlowSession.app() }) {
        [
            Step("welcome", "next"), Step("features", "back"), Step("welcome", "next"), Step("features", "next"),
            Step("login", "login", ["username": "", "password": "secret"]), Step("login", "forgotPassword"),
            Step("forgotPassword", "submit", ["email": " "]), Step("forgotPassword", "submit", ["email": "ada@example.com"]),
            Step("login", "login", ["username": "ada", "password": "secret"]), Step("home", "selectProfile"),
            Step("profile", "back"), Step("home", "openSettings"), Step("settings", "toggleNotifications"),
            Step("settings", "toggleNotifications"), Step("settings", "back"), Step("home", "checkout"), Step("cart", "next"),
            Step("address", "next", ["street": "1 Main St"]), Step("payment", "back"),
            Step("address", "next", ["street": "2 Side St"]), Step("payment", "pay", ["card": "4242 4242 4242 4242"]),
            Step("confirmation", "done"), Step("home", "checkout"), Step("cart", "dismiss"), Step("home", "checkout"),
            Step("cart", "next"), Step("address", "dismiss"), Step("home", "logout"),
            Step("login", "login", ["username": "bob", "password": "pw"]), Step("home", "selectProfile"), Step("profile", "back"),
            Step("home", "checkout"), Step("cart", "cancel"),
        ]
    }

    /// Logged in from the start: straight to home.
    static let appLoggedIn = Walk(name: "app logged in", start: { try FlowSession.app(onboarded: true, token: "saved") }) {
        [
            Step("home", "openSettings"), Step("settings", "toggleNotifications"), Step("settings", "back"),
            Step("home", "logout"), Step("login", "login", ["username": "eve", "password": "x"]), Step("home", "selectProfile"),
        ]
    }

    /// Every currency, conversions, and both ways out of the calculator.
    static let exchange = Walk(name: "exchange", start: { try FlowSession.exchange() }) {
        [
            Step("rates", "select", ["code": "USD"]), Step("calculator", "convert", ["amount": 2]),
            Step("calculator", "convert", ["amount": 0.5]), Step("calculator", "close"), Step("rates", "select", ["code": "JPY"]),
            Step("calculator", "convert", ["amount": 1.234]), Step("calculator", "back"), Step("rates", "select", ["code": "EUR"]),
            Step("calculator", "convert", ["amount": -3.5]), Step("calculator", "close"), Step("rates", "select", ["code": "GBP"]),
            Step("calculator", "back"), Step("rates", "select", ["code": "CNY"]), Step("calculator", "convert", ["amount": 1e6]),
            Step("calculator", "convert", ["amount": 0]), Step("calculator", "close"),
        ]
    }

    static let walks = [app, appLoggedIn, exchange]

    // MARK: - Restoring

    @Test(arguments: walks)
    func aSessionRestoredAtAnyStepIsTheLiveOne(_ walk: Walk) throws {
        let live = try walk.start()
        for step in walk.steps() {
            expectSame(try Self.restore(live.session), as: live.session, step)
            try live.send(step.event, on: step.screen, step.payload)
        }
        // One version per step, and one per effect's outcome (the login).
        #expect(live.version == walk.steps().count + 1 + live.session.acceptedChanges.filter { $0.event == nil }.count)
        expectSame(try Self.restore(live.session), as: live.session)
    }

    @Test(arguments: walks)
    func aSessionRestoredHalfWayWalksOnLikeTheLiveOne(_ walk: Walk) throws {
        let live = try walk.start()
        let steps = walk.steps()
        for step in steps.prefix(steps.count / 2) {
            try live.send(step.event, on: step.screen, step.payload)
        }
        let restored = try Self.restore(live.session)
        for step in steps.dropFirst(steps.count / 2) {
            try live.send(step.event, on: step.screen, step.payload)
            try restored.send(ClientEvent(screen: restored.stack.top?.screen.id ?? "", event: step.event, payload: step.payload))
            // The live session's effects got their outcomes: deliver the same to the restored one.
            for change in live.session.acceptedChanges.dropFirst(restored.acceptedChanges.count) {
                if case .outcome(let effect, let outcome) = change.kind { try restored.deliver(outcome, to: effect) }
            }
        }
        expectSame(restored, as: live.session)
    }

    @Test func anAppJournalDoesNotReplayAsExchange() throws {
        let app = try FlowSession.app()
        try app.send("next", on: "welcome")
        do {
            let session = try Session(restoring: "x", flow: ExchangeFlow.flow, context: [:], acceptedEvents: app.session.acceptedEvents)
            Issue.record("replayed to version \(session.version)")
        } catch {
            #expect(error.kind == .flowFailure)
            #expect(error.detail.contains("accepted event 1 ('next' on s1)"), "\(error)")
        }
    }

    @Test func aCurrencyTheFlowNoLongerHasIsAFlowFailureNamingTheEvent() throws {
        let exchange = try FlowSession.exchange()
        try exchange.send("select", on: "rates", ["code": "USD"])
        try exchange.send("close", on: "calculator")
        // As if an older version of the flow had offered "XXX", which this one refuses.
        let journal = exchange.session.acceptedEvents + [ClientEvent(screen: "s1", event: "select", payload: ["code": "XXX"])]
        do {
            let session = try Session(restoring: "x", flow: ExchangeFlow.flow, context: [:], acceptedEvents: journal)
            Issue.record("replayed to version \(session.version)")
        } catch {
            #expect(error.kind == .flowFailure)
            #expect(error.detail.contains("accepted event 3 ('select' on s1)"), "\(error)")
        }
    }

    // MARK: - Undoing

    @Test(arguments: walks)
    func undoingEachEventRestoresTheSessionBeforeIt(_ walk: Walk) throws {
        let live = try walk.start()
        for step in walk.steps() {
            let before = Snapshot(live.session)
            try live.send(step.event, on: step.screen, step.payload)
            let after = Snapshot(live.session)
            // The event, and the outcomes of the effects it asked for.
            for _ in before.version..<after.version { try live.session.undoLastChange() }
            #expect(Snapshot(live.session) == before, "undoing \(step.testDescription)")
            try live.send(step.event, on: step.screen, step.payload)
            #expect(Snapshot(live.session) == after, "\(step.testDescription) sent again after its undo")
        }
    }

    @Test(arguments: walks)
    func repeatedUndoWalksBackToVersionOne(_ walk: Walk) throws {
        let live = try walk.start()
        var snapshots = [live.version: Snapshot(live.session)]
        for step in walk.steps() {
            try live.send(step.event, on: step.screen, step.payload)
            snapshots[live.version] = Snapshot(live.session)
        }
        while live.version > 1 {
            try live.session.undoLastChange()
            // A version an effect's outcome made between two events has no snapshot.
            if let snapshot = snapshots[live.version] { #expect(Snapshot(live.session) == snapshot, "at version \(live.version)") }
        }
        #expect(Snapshot(live.session) == Snapshot(try walk.start().session))
    }

    // MARK: - Helpers

    private static func restore(_ session: Session) throws(NavigationError) -> Session {
        try Session(
            restoring: session.id, flow: session.flow, context: session.context, changes: session.acceptedChanges,
            limits: session.limits, createdAt: session.createdAt, seed: session.seed)
    }

    /// What must be the same after a restore or an undo, byte for byte.
    struct Snapshot: Equatable {
        let version: Int
        let journal: [RecordedChange]
        let byteCount: Int
        let document: String
        let histories: [String]

        init(_ session: Session) {
            version = session.version
            journal = session.acceptedChanges
            byteCount = session.byteCount
            document = String(decoding: session.document(), as: UTF8.self)
            histories = (0...session.version).map { String(decoding: session.historyDocument(since: $0), as: UTF8.self) }
        }
    }

    private func expectSame(
        _ restored: Session, as live: Session, _ step: Step? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(Snapshot(restored) == Snapshot(live), "before \(step?.testDescription ?? "the end")", sourceLocation: sourceLocation)
    }
}
