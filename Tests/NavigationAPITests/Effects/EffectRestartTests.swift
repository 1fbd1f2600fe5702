import Coordination
import TestSupport
import Testing

/// docs/durability.md#effects-outcomes-in-the-journal, "At least once": a
/// server killed with SIGKILL while an effect is in flight performs it again
/// after the restart, with the same Idempotency-Key, and the session applies
/// one outcome; an effect whose input held a secret cannot be sent again, and
/// is interrupted.
@Suite("Effects: kill -9 while an effect is in flight", .timeLimit(.minutes(10)), .hangGuard)
struct EffectRestartTests {
    /// `--store file:<data>`, the effect's answer not waited for.
    static func launch(on data: String, backend: (name: String, url: String)) throws -> LaunchedServer {
        try LaunchedServer(["--store", "file:" + data, "--effect-wait", "0", "--backend", "\(backend.name)=\(backend.url)"])
    }

    @Test func aPaymentInFlightIsSentAgainWithTheSameKeyAndAppliedOnce() throws {
        // The first charge never comes back (its server dies); the next one
        // is approved once the test has seen the restarted server find the
        // effect pending (answered at once, it could be settled already).
        let backend = try LoopbackBackend { request in
            request.number == 1 ? .never : .held(.json(200, ["charge": "ch_1", "amount": 21]))
        }
        let data = try LaunchedServer.freshDirectory().path
        let route = (name: "payments.charge", url: backend.url("/charge"))
        let first = try Self.launch(on: data, backend: route)
        let session = try first.client().sessionAtPayment()
        let paying = try first.client().answer("pay", ["card": "4242 4242 4242 4242"], to: session)
        let effect = try #require(paying.pendingEffects.first?["id"]?.stringValue)
        try backend.awaitRequests(1)
        first.killNow()

        let second = try Self.launch(on: data, backend: route)
        let client = second.client()
        // The restarted server finds the effect without an outcome when it loads the session.
        #expect(try client.current(session).pendingEffects.map { $0["id"]?.stringValue } == [effect])
        backend.release()
        let settled = try client.settled(session)
        #expect(settled.topName == "confirmation")
        #expect(settled.topParams?["card"] == "•••• 4242")

        let requests = backend.requests
        #expect(requests.count == 2)
        #expect(requests.map(\.idempotencyKey) == ["\(session.id).\(effect)", "\(session.id).\(effect)"])
        #expect(requests.map(\.json) == [["card": "4242 4242 4242 4242", "amount": 21], ["card": "4242 4242 4242 4242", "amount": 21]])
        let outcomes = try client.outcomes(of: session)
        #expect(outcomes.map { $0["effect"]?.stringValue } == [effect], "one outcome")
        #expect(outcomes.first?["outcome"]?["success"] == ["charge": "ch_1", "amount": 21])
        _ = try second.stop()

        // A third start replays the outcome: nothing is sent again.
        let third = try Self.launch(on: data, backend: route)
        #expect(try third.client().current(session).document == settled.document)
        #expect(try third.client().outcomes(of: session).count == 1)
        #expect(backend.requests.count == 2)
    }

    @Test func aSignInInFlightIsInterruptedNotSentAgain() throws {
        let backend = try LoopbackBackend(always: .never)
        let data = try LaunchedServer.freshDirectory().path
        let route = (name: "auth.login", url: backend.url("/login"))
        let first = try Self.launch(on: data, backend: route)
        let session = try first.client().sessionAtLogin()
        let signingIn = try first.client().answer("login", SignIn.payload("ada", "pw"), to: session)
        #expect(signingIn.pendingEffects.count == 1)
        try backend.awaitRequests(1)
        first.killNow()

        let second = try Self.launch(on: data, backend: route)
        let client = second.client()
        let settled = try client.settled(session)
        #expect(settled.stackNames == ["login"])
        #expect(settled.topParams?["error"] == "Signing in was interrupted. Try again.")
        #expect(settled.topParams?["signingIn"] == false)
        let outcomes = try client.outcomes(of: session)
        #expect(outcomes.count == 1)
        #expect(outcomes.first?["outcome"]?["failure"]?["kind"] == "interrupted")
        #expect(backend.requests.count == 1, "the password is not in the journal: it cannot be sent again")
        // Interrupted once, though the restored session may be resumed more than once.
        let effect = ["effect": "auth.login"]
        #expect(try client.metric("navigation_effects_started_total", effect) == 1)
        #expect(try client.metric("navigation_effect_outcomes_total", effect.merging(["outcome": "interrupted"]) { $1 }) == 1)
    }
}
