import Coordination
import TestSupport
import Testing

/// EFFECTS.md, "Journal and instances": two instances on one Redis; the one
/// performing an effect dies, and the other performs it once it has been
/// pending for `--effect-timeout`, with the same Idempotency-Key, and the
/// session gets one outcome.
@Suite("Effects: another instance takes over", .timeLimit(.minutes(10)), .hangGuard)
struct EffectTakeoverTests {
    /// `secondKnowsTheSession`: the checkout was walked on the second
    /// instance, which keeps the session and catches up on the payment the
    /// first one started; else the second loads it from Redis after the death.
    @Test(arguments: [true, false])
    func anotherInstancePerformsThePaymentOfOneThatDied(secondKnowsTheSession: Bool) throws {
        // The first charge never comes back (its instance dies); the next one
        // is approved once the test has seen the effect pending on the
        // second instance (a stalled machine could let it settle first).
        let backend = try LoopbackBackend { request in
            request.number == 1 ? .never : .held(.json(200, ["charge": "ch_1", "amount": 21]))
        }
        let redis = try RedisTestServer.secured()
        let arguments = [
            "--store", redis.url, "--effect-timeout", "2", "--effect-wait", "0", "--backend",
            "payments.charge=" + backend.url("/charge"),
        ]
        let (first, second) = (try LaunchedServer(arguments), try LaunchedServer(arguments))
        let session = try (secondKnowsTheSession ? second : first).client().sessionAtPayment()
        let paying = try first.client().answer("pay", ["card": "4242 4242 4242 4242"], to: session)
        let effect = try #require(paying.pendingEffects.first?["id"]?.stringValue)
        try backend.awaitRequests(1)
        first.killNow()

        let client = second.client()
        #expect(try client.current(session).pendingEffects.map { $0["id"]?.stringValue } == [effect])
        backend.release()
        let settled = try client.settled(session)
        #expect(settled.topName == "confirmation")
        let requests = backend.requests
        #expect(requests.count == 2)
        #expect(requests.map(\.idempotencyKey) == ["\(session.id).\(effect)", "\(session.id).\(effect)"])
        let outcomes = try client.outcomes(of: session)
        #expect(outcomes.map { $0["effect"]?.stringValue } == [effect], "one outcome")
        #expect(outcomes.first?["outcome"]?["success"] != nil)
        #expect(try client.metric("navigation_effects_started_total", ["effect": "payments.charge"]) == 1)
    }
}
