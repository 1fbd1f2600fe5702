import Coordination
import TestSupport
import Testing

/// docs/durability.md#effects-outcomes-in-the-journal, "Several instances":
/// two instances on one Redis, or on one PostgreSQL database; the one
/// performing an effect dies, and the other performs it once it has been
/// pending for `--effect-timeout`, with the same Idempotency-Key, and the
/// session gets one outcome.
@Suite("Effects: another instance takes over", .timeLimit(.minutes(10)), .hangGuard)
struct EffectTakeoverTests {
    /// The store both instances share.
    enum SharedStore: String, CaseIterable, CustomTestStringConvertible {
        case redis, postgres
        var testDescription: String { rawValue }

        /// Its URL, and what must live as long as the test (the server).
        func start() throws -> (url: String, server: Any) {
            switch self {
            case .redis:
                let redis = try RedisTestServer.secured()
                return (redis.url, redis)
            case .postgres:
                let cluster = try PostgresTestCluster.shared()
                return (try cluster.createDatabase(), cluster)
            }
        }
    }

    /// `secondKnowsTheSession`: the checkout was walked on the second
    /// instance, which keeps the session and catches up on the payment the
    /// first one started; else the second loads it from the store after the death.
    @Test(arguments: SharedStore.allCases, [true, false])
    func anotherInstancePerformsThePaymentOfOneThatDied(store: SharedStore, secondKnowsTheSession: Bool) throws {
        // The first charge never comes back (its instance dies); the next one
        // is approved once the test has seen the effect pending on the
        // second instance (a stalled machine could let it settle first).
        let backend = try LoopbackBackend { request in
            request.number == 1 ? .never : .held(.json(200, ["charge": "ch_1", "amount": 21]))
        }
        let (url, server) = try store.start()
        defer { _ = server }
        let arguments = [
            "--store", url, "--effect-timeout", "2", "--effect-wait", "0", "--backend",
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
