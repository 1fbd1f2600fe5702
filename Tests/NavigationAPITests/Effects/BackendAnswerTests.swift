import Coordination
import TestSupport
import Testing

/// docs/writing-flows.md#performers-backends-and-in-process-services and
/// docs/writing-flows.md#the-outcome: `navigation-server --backend NAME=URL`
/// performs the `app` flow's effects as HTTP POSTs to a backend the test runs
/// on loopback, and what the backend answers decides where the flow goes.
@Suite("Effects: what a backend answers", .timeLimit(.minutes(10)), .hangGuard)
struct BackendAnswerTests {
    /// A server whose `auth.login` and `payments.charge` are `backend`'s
    /// `/login` and `/charge`; the answer to an event waits up to 30 s for
    /// the outcomes of the effects it started (so it does not depend on
    /// how fast a busy machine performs them).
    static func launch(_ backend: LoopbackBackend, _ arguments: [String] = []) throws -> LaunchedServer {
        try LaunchedServer(
            [
                "--store", "memory", "--effect-wait", "30", "--backend", "auth.login=" + backend.url("/login"),
                "--backend", "payments.charge=" + backend.url("/charge"),
            ] + arguments)
    }

    /// A new session signs in as `ada`; the session as it is once the
    /// outcome is recorded, however long the backend takes.
    static func signIn(_ client: TestHTTPClient) throws -> (session: ClientSession, settled: ClientSession) {
        let session = try client.sessionAtLogin()
        _ = try client.answer("login", SignIn.payload("ada", "pw"), to: session)
        return (session, try client.settled(session))
    }

    @Test func aSignInTheBackendAcceptsShowsHomeWithItsUserInOneRoundTrip() throws {
        let backend = try LoopbackBackend(always: SignIn.accepted(as: "Ada Lovelace"))
        let server = try Self.launch(backend)
        let client = server.client()
        let session = try client.sessionAtLogin()

        let answered = try client.answer("login", SignIn.payload("ada", "correct horse"), to: session)
        #expect(answered.stackNames == ["home"])
        #expect(answered.topParams?["username"] == "Ada Lovelace", "the backend's name, not the one typed")
        #expect(answered.pendingEffects.isEmpty)
        #expect(answered.version == session.version + 2, "the event, then the outcome")

        let requests = backend.requests
        try #require(requests.count == 1, "one POST: \(requests.map(\.path))")
        let request = requests[0]
        #expect(request.path == "/login")
        #expect(request.idempotencyKey == "\(session.id).e1")
        #expect(request.requestID?.isEmpty == false)
        #expect(request.contentType == "application/json")
        #expect(request.json == SignIn.payload("ada", "correct horse"), "the input as JSON, the password as typed: \(request.text)")

        let outcomes = try client.outcomes(of: session)
        #expect(outcomes.count == 1)
        #expect(outcomes.first?["effect"] == "e1")
        #expect(outcomes.first?["version"]?.intValue == answered.version)
        #expect(outcomes.first?["outcome"] == ["success": ["user": ["name": "Ada Lovelace"]]])

        let effect = ["effect": "auth.login"]
        #expect(try client.metric("navigation_effects_started_total", effect) == 1)
        #expect(try client.metric("navigation_effect_outcomes_total", effect.merging(["outcome": "success"]) { $1 }) == 1)
        #expect(try client.metric("navigation_effect_outcomes_total", effect.merging(["outcome": "rejected"]) { $1 }) == 0)
        #expect(try client.metric("navigation_effect_duration_seconds_count", effect) == 1)
    }

    /// 401 keeps the login screen: with the backend's own reason when its
    /// problem has a detail, else the flow's sentence.
    @Test func theBackendClientsSlotsAreOnTheMetricsPage() throws {
        let backend = try LoopbackBackend(always: SignIn.accepted(as: "Ada"))
        // BackendClient.defaultMaxConcurrent: what bench/effects.py reads instead of a number of its own.
        let withBackends = try Self.launch(backend)
        #expect(try withBackends.client().metric("navigation_backend_slots") == 256)
        let withoutBackends = try LaunchedServer(["--store", "memory"])
        #expect(try withoutBackends.client().metric("navigation_backend_slots") == 0)
    }

    @Test func a401KeepsTheLoginScreenWithTheBackendsReasonOrTheFlowsOwn() throws {
        let backend = try LoopbackBackend { request in
            request.json?["username"] == "locked" ? .problem(401, detail: "This account is locked.") : .json(401, nil)
        }
        let server = try Self.launch(backend)
        let client = server.client()
        for (username, message) in [("locked", "This account is locked."), ("ada", "Wrong username or password.")] {
            let session = try client.sessionAtLogin()
            let answered = try client.answer("login", SignIn.payload(username, "wrong"), to: session)
            #expect(answered.stackNames == ["login"], "\(username)")
            #expect(answered.topParams?["error"]?.stringValue == message, "\(username)")
            #expect(answered.topParams?["signingIn"] == false)
            #expect(answered.topParams?["username"]?.stringValue == username)
            #expect(answered.pendingEffects.isEmpty)
            let outcome = try client.outcomes(of: session).first?["outcome"]?["failure"]
            #expect(outcome?["kind"] == "rejected")
            #expect(outcome?["status"]?.intValue == 401)
        }
        #expect(
            try client.metric("navigation_effect_outcomes_total", ["effect": "auth.login", "outcome": "rejected"]) == 2)
    }

    @Test func a402KeepsThePaymentScreenWithTheDeclineReason() throws {
        let backend = try LoopbackBackend(always: .problem(402, detail: "Insufficient funds."))
        let server = try Self.launch(backend)
        let client = server.client()
        let session = try client.sessionAtPayment()

        let answered = try client.answer("pay", ["card": "4000 0000 0000 9995"], to: session)
        #expect(answered.stackNames == ["home", "cart", "address", "payment"])
        #expect(answered.topParams?["error"] == "Insufficient funds.")
        #expect(answered.topParams?["paying"] == false)
        let request = try #require(backend.requests.first)
        #expect(request.path == "/charge")
        #expect(request.json == ["card": "4000 0000 0000 9995", "amount": 21])
        #expect(
            try client.outcomes(of: session).first?["outcome"]
                == ["failure": ["kind": "rejected", "reason": "Insufficient funds.", "status": 402]])
    }

    /// A 503 is retried with the same Idempotency-Key; the 200 that follows
    /// is the outcome, and the effect counts once.
    @Test func aServerErrorIsRetriedWithTheSameKeyUntilTheBackendAccepts() throws {
        let backend = try LoopbackBackend { request in
            request.number == 1 ? .json(503, nil) : SignIn.accepted(as: "Ada")
        }
        // A long timeout: the retry's backoff never decides the test.
        let server = try Self.launch(backend, ["--effect-timeout", "120"])
        let client = server.client()
        let (session, settled) = try Self.signIn(client)
        #expect(settled.stackNames == ["home"])
        #expect(settled.topParams?["username"] == "Ada")
        let requests = backend.requests
        #expect(requests.count == 2)
        #expect(requests.map(\.idempotencyKey) == ["\(session.id).e1", "\(session.id).e1"])
        #expect(requests.map(\.text) == [requests[0].text, requests[0].text], "the same input both times")
        let outcomes = try client.outcomes(of: session)
        #expect(outcomes.count == 1)
        #expect(outcomes.first?["outcome"]?["success"] != nil)
        #expect(try client.metric("navigation_effects_started_total", ["effect": "auth.login"]) == 1)
    }

    /// A backend that never answers: after `--effect-timeout` the effect is
    /// timed out, and a person is told the service is unavailable.
    @Test func aBackendThatNeverAnswersTimesOut() throws {
        let backend = try LoopbackBackend(always: .never)
        let server = try Self.launch(backend, ["--effect-timeout", "1"])
        let client = server.client()
        let (session, settled) = try Self.signIn(client)
        #expect(settled.stackNames == ["login"])
        #expect(settled.topParams?["error"] == "The sign-in service is unavailable. Try again in a moment.")
        #expect(settled.topParams?["signingIn"] == false)
        #expect(try client.outcomes(of: session).first?["outcome"]?["failure"]?["kind"] == "timedOut")
        #expect(try backend.awaitRequests(1).first?.idempotencyKey == "\(session.id).e1")
        #expect(try client.metric("navigation_effect_outcomes_total", ["effect": "auth.login", "outcome": "timedOut"]) == 1)
    }
}
