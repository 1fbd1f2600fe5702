import Coordination
import TestSupport
import Testing

/// docs/api.md#effects-what-a-client-sees: when the backend is slower than
/// `--effect-wait`, the answer shows the effect pending, and the outcome
/// reaches the client on the session's stream when it comes.
@Suite("Effects: a slow backend", .timeLimit(.minutes(10)), .hangGuard)
struct SlowBackendTests {
    @Test func theAnswerShowsTheEffectPendingAndTheOutcomeArrivesOnTheStream() throws {
        let backend = try LoopbackBackend(always: .held(SignIn.accepted(as: "Ada")))
        let server = try LaunchedServer([
            "--store", "memory", "--effect-wait", "0.2", "--backend", "auth.login=" + backend.url("/login"),
        ])
        let client = server.client()
        let session = try client.sessionAtLogin()

        let response = try client.send("login", SignIn.payload("ada", "open sesame"), to: session)
        try #require(response.status == 200, "\(response.text)")
        let pending = ClientSession(id: session.id, document: try #require(response.json))
        #expect(pending.version == session.version + 1)
        #expect(pending.stackNames == ["login"])
        #expect(pending.topParams?["signingIn"] == true)
        // The pending effect names itself and its coordinator, never its input.
        let loginCoordinator = try #require(pending.top?["coordinator"]?.stringValue)
        #expect(pending.pendingEffects == [["id": "e1", "name": "auth.login", "coordinator": .string(loginCoordinator)]])
        #expect(!response.text.contains("open sesame"))
        #expect(try client.current(session).document == pending.document, "GET shows it pending too")

        let stream = try EventStreamClient(port: server.port, path: session.path + "/stream")
        #expect(stream.status == 200)
        #expect(try stream.nextEvent()?.document == pending.document)
        try backend.awaitRequests(1)
        backend.release()

        let message = try #require(try stream.nextEvent())
        #expect(message.event == "session")
        #expect(message.version == pending.version + 1)
        let outcome = ClientSession(id: session.id, document: try #require(message.document))
        #expect(outcome.stackNames == ["home"])
        #expect(outcome.topParams?["username"] == "Ada")
        #expect(outcome.pendingEffects.isEmpty)
        #expect(try client.current(session).document == outcome.document)
    }
}
