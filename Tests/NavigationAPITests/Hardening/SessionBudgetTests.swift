import Coordination
import TestSupport
import Testing

@testable import Sessions

/// One session cannot hold more than `--max-session-bytes` (context,
/// accepted events, screen params), and no string field of a payload is
/// longer than its limit (4 KiB by default), as a client meets them over HTTP.
@Suite("Session budget and string field limits", .timeLimit(.minutes(10)), .hangGuard)
struct SessionBudgetTests {
    private static func limits(
        maxSessionBytes: Int = SessionLimits.default.maxSessionBytes,
        maxStringFieldBytes: Int = SessionLimits.default.maxStringFieldBytes
    ) -> SessionLimits {
        var limits = SessionLimits()
        limits.maxSessionBytes = maxSessionBytes
        limits.maxStringFieldBytes = maxStringFieldBytes
        return limits
    }

    /// The login of the issue: a long username and an empty password, which
    /// the view model answers with an error, so the event is accepted.
    private static func login(_ username: String) -> JSONValue {
        ["username": .string(username), "password": ""]
    }

    /// The journal length and the bytes the registry's session holds.
    private func held(_ session: ClientSession, on server: TestServer) throws -> (events: Int, bytes: Int) {
        try server.registry.withSession(session.id) { ($0.acceptedEvents.count, $0.byteCount) }
    }

    // MARK: - The budget

    @Test func repeatedLargeEventsEndIn413AndLeaveTheSessionAsItWas() throws {
        let server = try TestServer(limits: Self.limits(maxSessionBytes: 64 * 1024))
        let client = server.client()
        let session = try client.createSession("app", context: ["onboarded": true])
        #expect(session.topName == "login")
        let username = String(repeating: "a", count: 4000)

        var lastAccepted: TestResponse?
        var refusal: TestResponse?
        var accepted = 0
        for _ in 0..<100 {
            let response = try client.send("login", Self.login(username), to: session)
            guard response.status == 200 else {
                refusal = response
                break
            }
            lastAccepted = response
            accepted += 1
        }
        let refused = try #require(refusal)
        expectProblem(refused, 413, "session-too-large")
        let problem = try #require(refused.json)
        #expect(problem["limitBytes"] == 65_536)
        #expect(problem["currentVersion"]?.intValue == 1 + accepted)
        #expect(problem["detail"]?.stringValue?.contains("limit of 65536 bytes") == true)
        let sessionBytes = try #require(problem["sessionBytes"]?.intValue)
        // ~4 KB per login in the journal (the username is not echoed into the params).
        #expect(accepted == 16)
        #expect(sessionBytes <= 65_536 && sessionBytes + 4000 > 65_536)

        let after = try client.request("GET", session.path)
        #expect(after.status == 200)
        #expect(after.body == lastAccepted?.body)
        #expect(after.json?["stack"]?.arrayValue?.last?["params"]?["username"] == "")
        let (events, bytes) = try held(session, on: server)
        #expect(events == accepted)
        #expect(bytes == sessionBytes)
        // Refused again, and again nothing moves.
        expectProblem(try client.send("login", Self.login(username), to: session), 413, "session-too-large")
        #expect(try client.request("GET", session.path).body == after.body)
    }

    /// The attack at the server's own body limit (1 MiB, which a
    /// 1 MB username fits under): 60 logins with a 1 MB username and an
    /// empty password. The username field's 4 KiB limit refuses each one.
    @Test func sixtyOneMegabyteUsernamesAreRefusedAndTheSessionDoesNotGrow() throws {
        let server = try TestServer(maxBodyBytes: 1 << 20)
        let client = server.client()
        let session = try client.createSession("app", context: ["onboarded": true])
        let before = try held(session, on: server)
        let megabyte = String(repeating: "a", count: 1_000_000)
        for _ in 0..<60 {
            let response = try client.send("login", Self.login(megabyte), to: session)
            expectProblem(response, 422, "invalid-payload")
            #expect(response.json?["errors"]?.arrayValue?.compactMap { $0["field"]?.stringValue } == ["username"])
        }
        #expect(try client.version(of: session) == 1)
        let after = try held(session, on: server)
        #expect(after.events == 0)
        #expect(after.bytes == before.bytes)
    }

    /// With the field limit out of the way, the budget alone stops the same
    /// attack: one 1 MB login fits in the 1 MiB budget, the other 59 are 413.
    @Test func theBudgetAloneKeepsASessionUnderItsLimit() throws {
        let server = try TestServer(limits: Self.limits(maxStringFieldBytes: 2 << 20), maxBodyBytes: 1 << 20)
        let client = server.client()
        let session = try client.createSession("app", context: ["onboarded": true])
        let megabyte = String(repeating: "a", count: 1_000_000)
        #expect(try client.send("login", Self.login(megabyte), to: session).status == 200)
        for _ in 0..<59 {
            let response = try client.send("login", Self.login(megabyte), to: session)
            expectProblem(response, 413, "session-too-large")
            #expect(response.json?["limitBytes"] == 1_048_576)
        }
        #expect(try client.version(of: session) == 2)
        let (events, bytes) = try held(session, on: server)
        #expect(events == 1)
        #expect(bytes > 1_000_000 && bytes <= 1_048_576)
    }

    @Test func aContextPastTheBudgetIs413AtCreation() throws {
        let server = try TestServer(limits: Self.limits(maxSessionBytes: 64))
        let client = server.client()
        let response = try client.request(
            "POST", "/v1/sessions",
            json: [
                "flow": "app", "context": ["token": .string(String(repeating: "t", count: 100))],
            ])
        expectProblem(response, 413, "session-too-large")
        #expect(response.json?["limitBytes"] == 64)
        #expect(response.json?["sessionBytes"] == nil)
        #expect(response.json?["detail"]?.stringValue?.contains("limit of 64 bytes") == true)
        // The rates list alone is more than 64 bytes of params.
        expectProblem(try client.request("POST", "/v1/sessions", json: ["flow": "exchange"]), 413, "session-too-large")
        #expect(server.registry.count == 0)
    }

    /// `--max-session-bytes` reaches the sessions of the real executable.
    @Test func theFlagSetsTheBudget() throws {
        let server = try LaunchedServer(["--max-session-bytes", "1000"])
        let client = server.client()
        var session = try client.createSession("exchange")
        try client.apply("select", ["code": "USD"], to: &session)
        var refusal: TestResponse?
        for amount in 1...100 {
            let response = try client.send("convert", ["amount": .number(Double(amount))], to: session)
            guard response.status == 200 else {
                refusal = response
                break
            }
            session.document = try #require(response.json)
        }
        let refused = try #require(refusal, "100 events fit in 1000 bytes")
        expectProblem(refused, 413, "session-too-large")
        #expect(refused.json?["limitBytes"] == 1000)
        #expect(refused.json?["currentVersion"]?.intValue == session.version)
        client.disconnect()
        #expect(try server.stop().status == 0)
    }

    // MARK: - String fields

    @Test func aStringFieldOver4KiBIs422NamingTheField() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let response = try client.send("select", ["code": .string(String(repeating: "X", count: 4097))], to: session)
        expectProblem(response, 422, "invalid-payload")
        #expect(response.json?["errors"] == [["field": "code", "message": "must be at most 4096 UTF-8 bytes long, not 4097"]])
        #expect(response.json?["detail"]?.stringValue?.contains("'code' must be at most 4096 UTF-8 bytes long") == true)
        // 4096 bytes pass the limit; then the field's allowed values refuse it.
        let atTheLimit = try client.send("select", ["code": .string(String(repeating: "X", count: 4096))], to: session)
        expectProblem(atTheLimit, 422, "invalid-payload")
        #expect(atTheLimit.json?["errors"]?.arrayValue?.first?["message"]?.stringValue?.hasPrefix("must be one of USD") == true)
        #expect(try client.version(of: session) == 1)
    }
}
