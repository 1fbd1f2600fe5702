import TestSupport
import Testing

@testable import Coordination

/// A sign-in flow that asks the outside world: `login` performs
/// `auth.login`; its outcome shows `home` or an error. `roll` draws a die
/// from the session's random numbers and notes the time.
private final class SignInCoordinator: Coordinator {
    private var login: Screen?

    override func start() {
        let screen = Screen("login", params: ["error": .null, "signingIn": false, "die": .null, "at": .null])
        screen
            .on("login", fields: ["username": .string, "password": .string(secret: true)]) { [unowned self, unowned screen] payload in
                let password = payload.string("password")
                guard !password.isEmpty else {
                    router.update(screen, "error", to: "empty password")
                    return
                }
                router.update(screen, "signingIn", to: true)
                perform(Effect("auth.login", input: ["username": .string(payload.string("username")), "password": .string(password)])) {
                    [unowned self, unowned screen] outcome in
                    switch outcome {
                    case .success(let answer):
                        router.push(Screen("home", params: ["user": answer["name"] ?? .null]))
                    case .failure(let failure):
                        router.update(screen, params: ["error": .string(failure.message), "signingIn": false, "die": .null, "at": .null])
                    }
                }
            }
            .on("twice") { [unowned self, unowned screen] _ in
                for name in ["first", "second"] {
                    perform(Effect("echo", input: .string(name))) { [unowned self, unowned screen] outcome in
                        guard case .success(let value) = outcome else { return }
                        var order = screen.params["order"]?.arrayValue ?? []
                        order.append(value)
                        router.update(screen, "order", to: .array(order))
                    }
                }
            }
            .on("roll") { [unowned self, unowned screen] _ in
                let die = Int.random(in: 1...6, using: &environment.random)
                router.update(
                    screen, params: ["error": .null, "signingIn": false, "die": .number(Double(die)), "at": .number(environment.now)])
            }
            .on("startChild") { [unowned self] _ in startChild(AskingChild(environment: environment)) }
        login = screen
        router.setRoot(screen)
    }
}

/// Pushes `asking`, asks for `slow` at once, and is finished when its screen is popped.
private final class AskingChild: Coordinator {
    private(set) var heard = false

    override func start() {
        router.push(Screen("asking"))
        perform(Effect("slow")) { [unowned self] _ in heard = true }
    }
}

private let signIn = Flow(name: "signIn", description: "asks the outside world") { SignInCoordinator(environment: $0) }

@Suite("Effects in the engine", .timeLimit(.minutes(10)), .hangGuard)
struct EffectsTests {
    private func session(seed: UInt64 = 7) throws -> Session {
        try Session(id: "x", flow: signIn, context: nil, createdAt: 1_000, seed: seed)
    }

    private func login(_ session: Session, password: String = "s3cret", at time: Int64 = 2_000) throws -> ClientEvent {
        try session.send(
            ClientEvent(screen: "s1", event: "login", payload: ["username": "ada", "password": .string(password)]), at: time)
    }

    private func names(_ session: Session) -> [String] { session.stack.entries.map(\.screen.name) }

    @Test func anEffectIsPendingWithItsIdNameAndCoordinatorButNeverItsInput() throws {
        let session = try session()
        _ = try login(session)
        #expect(session.version == 2)
        #expect(session.pendingEffects.map(\.id) == ["e1"])
        #expect(session.pendingEffects.first?.name == "auth.login")
        #expect(session.pendingEffects.first?.coordinator == "c1")
        #expect(session.pendingEffects.first?.version == 2)
        let document = try JSONParser.parse(session.document())
        #expect(document["effects"] == [["id": "e1", "name": "auth.login", "coordinator": "c1"]])
        #expect(!String(decoding: session.document(), as: UTF8.self).contains("s3cret"))
    }

    @Test func anOutcomeIsOneChangeThatRunsTheHandler() throws {
        let session = try session()
        _ = try login(session)
        let delivery = try session.deliver(.success(["name": "Ada"]), to: "e1", at: 3_000)
        #expect(delivery.delivery == .delivered)
        #expect(session.version == 3)
        #expect(names(session) == ["login", "home"])
        #expect(session.stack.top?.screen.params["user"] == "Ada")
        #expect(session.pendingEffects.isEmpty)
        #expect(try JSONParser.parse(session.document())["effects"] == nil)
    }

    @Test func aFailureCarriesAMessageForAPerson() throws {
        let session = try session()
        _ = try login(session)
        try session.deliver(.failure(EffectFailure(.rejected, reason: "Wrong username or password.", status: 401)), to: "e1")
        #expect(names(session) == ["login"])
        #expect(session.stack.top?.screen.params["error"] == "Wrong username or password.")
        #expect(EffectFailure(.timedOut).message == EffectFailure.defaultMessage(for: .timedOut))
    }

    @Test func outcomesApplyInTheOrderTheyArrive() throws {
        let session = try session()
        try session.send(ClientEvent(screen: "s1", event: "twice"))
        #expect(session.pendingEffects.map(\.id) == ["e1", "e2"])
        try session.deliver(.success("second"), to: "e2")
        try session.deliver(.success("first"), to: "e1")
        #expect(session.stack.top?.screen.params["order"] == ["second", "first"])
        #expect(session.version == 4)
    }

    @Test func aFinishedCoordinatorsEffectsAreDroppedAndTheirOutcomesChangeNothing() throws {
        let session = try session()
        try session.send(ClientEvent(screen: "s1", event: "startChild"))
        #expect(session.pendingEffects.map(\.name) == ["slow"])
        try session.send(ClientEvent(screen: "s2", event: "back"))
        #expect(session.pendingEffects.isEmpty)
        let before = session.document()
        let delivery = try session.deliver(.success(.null), to: "e1")
        #expect(delivery.delivery == .dropped)
        #expect(session.version == 4)
        #expect(names(session) == ["login"])
        // The same document but the version.
        var now = try #require(try JSONParser.parse(session.document()).objectValue)
        var then = try #require(try JSONParser.parse(before).objectValue)
        now["version"] = nil
        then["version"] = nil
        #expect(now == then)
    }

    @Test func replayPerformsNothingAndGivesTheSameSession() throws {
        let live = try session()
        _ = try login(live)
        try live.deliver(.failure(EffectFailure(.unavailable)), to: "e1", at: 3_000)
        _ = try login(live, at: 4_000)
        let restored = try Session(
            restoring: "x", flow: signIn, context: live.context, changes: live.acceptedChanges, createdAt: 1_000, seed: 7)
        #expect(restored.document() == live.document())
        #expect(restored.version == 4)
        // The second login's effect has no outcome: pending again, the same id, not performed.
        #expect(restored.pendingEffects.map(\.id) == ["e2"])
    }

    @Test func aSecretReachesTheHandlerAndIsNeverKept() throws {
        let session = try session()
        let recorded = try login(session, password: "hunter2")
        #expect(recorded.payload["password"] == .string(SecretField.placeholder))
        #expect(recorded.payload["username"] == "ada")
        #expect(session.pendingEffects.first?.input["password"] == "hunter2")
        #expect(session.pendingEffects.first?.holdsSecret == false)
        #expect(!session.acceptedChanges.description.contains("hunter2"))
        // A replay sees the placeholder: its effect must not be sent again.
        let restored = try Session(
            restoring: "x", flow: signIn, context: session.context, changes: session.acceptedChanges, createdAt: 1_000, seed: 7)
        #expect(restored.pendingEffects.first?.input["password"] == .string(SecretField.placeholder))
        #expect(restored.pendingEffects.first?.holdsSecret == true)
        let document = try JSONParser.parse(session.document())
        let fields = document["stack"]?.arrayValue?.first?["events"]?.arrayValue?.first?["fields"]
        #expect(fields?["password"] == ["type": "string", "label": "Password", "secret": true])
    }

    @Test func anEmptySecretStaysEmptySoAReplayTakesTheSamePath() throws {
        let session = try session()
        let recorded = try login(session, password: "")
        #expect(recorded.payload["password"] == "")
        #expect(session.pendingEffects.isEmpty)
        let restored = try Session(
            restoring: "x", flow: signIn, context: session.context, changes: session.acceptedChanges, createdAt: 1_000, seed: 7)
        #expect(restored.document() == session.document())
    }

    @Test func nowAndRandomAreTheJournaledOnesOnReplay() throws {
        let first = try session(seed: 42)
        try first.send(ClientEvent(screen: "s1", event: "roll"), at: 5_500)
        #expect(first.stack.top?.screen.params["at"] == 5.5)
        let restored = try Session(
            restoring: "x", flow: signIn, context: first.context, changes: first.acceptedChanges, createdAt: 1_000, seed: 42)
        #expect(restored.document() == first.document())
        // Another seed draws other numbers (in 40 rolls, at least once).
        let other = try session(seed: 43)
        let mine = try session(seed: 42)
        var differed = false
        for _ in 0..<40 {
            try other.send(ClientEvent(screen: "s1", event: "roll"))
            try mine.send(ClientEvent(screen: "s1", event: "roll"))
            differed = differed || other.stack.top?.screen.params["die"] != mine.stack.top?.screen.params["die"]
        }
        #expect(differed)
    }

    @Test func aRefusedEventLeavesThePendingEffectsAsTheyWere() throws {
        let session = try session()
        _ = try login(session)
        #expect(throws: NavigationError.self) { try session.send(ClientEvent(screen: "s1", event: "nope")) }
        #expect(session.pendingEffects.map(\.id) == ["e1"])
        try session.undoLastChange()
        #expect(session.pendingEffects.isEmpty)
        #expect(session.version == 1)
    }

    @Test func anOutcomePastTheBudgetIsARejection() throws {
        var limits = SessionLimits()
        limits.maxSessionBytes = 2_000
        let session = try Session(id: "x", flow: signIn, context: nil, limits: limits)
        _ = try login(session)
        let huge = JSONValue.object(["name": .string(String(repeating: "x", count: 5_000))])
        let delivered = try session.deliver(.success(huge), to: "e1")
        guard case .failure(let failure) = delivered.recorded else {
            Issue.record("the huge answer was kept")
            return
        }
        #expect(failure.kind == .rejected)
        #expect(session.stack.top?.screen.params["error"] == .string(failure.message))
    }

    @Test func anOutcomeRoundTripsThroughJSON() {
        for outcome in [
            EffectOutcome.success(["user": ["name": "Ada"]]), .success(.null),
            .failure(EffectFailure(.rejected, reason: "Card declined.", status: 402)), .failure(EffectFailure(.interrupted)),
        ] {
            #expect(EffectOutcome(json: outcome.json) == outcome)
        }
        #expect(EffectOutcome(json: ["failure": ["kind": "nope", "message": "x"]]) == nil)
        #expect(EffectOutcome(json: ["success": 1, "failure": 2]) == nil)
    }
}
