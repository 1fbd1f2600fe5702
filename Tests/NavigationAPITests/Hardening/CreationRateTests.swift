import Coordination
import NavigationAPI
import TestSupport
import Testing

/// The per-client creation rate over HTTP: one client cannot create
/// sessions past its bucket, while its other requests and other clients
/// go on as before.
@Suite("Session creation rate", .timeLimit(.minutes(10)), .hangGuard)
struct CreationRateTests {
    private static let exchange: JSONValue = ["flow": "exchange"]

    /// `--create-burst 5` with a rate of one session per 100 s: the sixth
    /// create from one address is 429 `create-rate-limited` with
    /// `Retry-After`; that client still reads and drives its sessions, and
    /// another address creates its own five.
    @Test func theSixthCreateFromOneAddressIsRefusedAndNothingElseIs() throws {
        let server = try LaunchedServer(["--create-burst", "5", "--create-rate", "0.01"])
        let client = server.client()
        var sessions: [ClientSession] = []
        for _ in 0..<5 { sessions.append(try client.createSession("exchange")) }

        let refused = try client.request("POST", "/v1/sessions", json: Self.exchange)
        expectProblem(refused, 429, "create-rate-limited")
        let retryAfter = try #require(refused.header("Retry-After").flatMap { Int($0) }, "\(refused.headers)")
        // The next token is 100 s after the first create, less the time the creates took.
        #expect((1...100).contains(retryAfter))

        // Everything but creation still works for this client.
        var session = sessions[0]
        #expect(try client.request("GET", session.path).status == 200)
        try client.apply("select", ["code": "USD"], to: &session)
        #expect(try client.request("GET", session.path + "/history?since=1").status == 200)
        #expect(try client.request("DELETE", sessions[1].path).status == 204)
        #expect(try client.request("GET", "/v1/flows").status == 200)
        // Ending a session gives no token back.
        expectProblem(try client.request("POST", "/v1/sessions", json: Self.exchange), 429, "create-rate-limited")

        // 127.0.0.2 is another client (all of 127/8 is loopback) with a bucket of its own.
        let neighbour = TestHTTPClient(port: server.port, sourceAddress: "127.0.0.2")
        for _ in 0..<5 { _ = try neighbour.createSession("exchange") }
        expectProblem(try neighbour.request("POST", "/v1/sessions", json: Self.exchange), 429, "create-rate-limited")
        #expect(try server.stop().status == 0)
    }

    /// The default applies without being asked for: at least the burst of
    /// 100 is admitted, then 429 (the refill, 5 a second, cannot keep up
    /// with a client creating as fast as it can), and the next token is
    /// always within a second.
    @Test func theDefaultRateRefusesAClientCreatingAsFastAsItCan() throws {
        let server = try TestServer()
        let client = server.client()
        var admitted = 0
        var refusal: TestResponse?
        while admitted < 10_000 {
            let response = try client.request("POST", "/v1/sessions", json: Self.exchange)
            guard response.status == 201 else {
                refusal = response
                break
            }
            admitted += 1
        }
        let refused = try #require(refusal, "10,000 creates were all admitted")
        expectProblem(refused, 429, "create-rate-limited")
        #expect(refused.header("Retry-After") == "1")
        #expect(admitted >= 100)
        #expect(server.registry.count == admitted)
    }

    /// With an API key every client sends the same key, so the key does not
    /// tell them apart: each address keeps its own bucket. Requests without
    /// the key are refused before they are counted.
    @Test func withAnAPIKeyTheBucketIsStillPerAddress() throws {
        let key = try #require(APIKey("s3cret-key"))
        let server = try TestServer(
            options: NavigationAPI.Options(
                apiKey: key, creationRate: CreationRate(perSecond: 0.01, burst: 2)))
        let bearer = [("Authorization", "Bearer s3cret-key")]
        let client = server.client()
        for _ in 0..<5 {
            expectProblem(try client.request("POST", "/v1/sessions", json: Self.exchange), 401, "unauthorized")
        }
        for _ in 0..<2 { _ = try client.createSession("exchange", headers: bearer) }
        let refused = try client.request("POST", "/v1/sessions", json: Self.exchange, headers: bearer)
        expectProblem(refused, 429, "create-rate-limited")
        #expect(refused.header("Retry-After").flatMap { Int($0) } != nil)

        let neighbour = TestHTTPClient(port: server.port, sourceAddress: "127.0.0.2")
        _ = try neighbour.createSession("exchange", headers: bearer)
    }

    /// `X-Forwarded-For` names the client only when trusted; otherwise a
    /// client cannot escape its bucket by writing the header.
    @Test(arguments: [false, true])
    func forwardedForIsTheClientOnlyWhenTrusted(trusted: Bool) throws {
        let server = try TestServer(
            options: NavigationAPI.Options(
                creationRate: CreationRate(perSecond: 0.01, burst: 1), trustForwardedFor: trusted))
        let client = server.client()
        let first = [("X-Forwarded-For", "198.51.100.1")]
        let second = [("X-Forwarded-For", "203.0.113.9, 198.51.100.2")]
        _ = try client.createSession("exchange", headers: first)
        expectProblem(try client.request("POST", "/v1/sessions", json: Self.exchange, headers: first), 429, "create-rate-limited")
        let other = try client.request("POST", "/v1/sessions", json: Self.exchange, headers: second)
        if trusted {
            #expect(other.status == 201, "\(other.text)")
            // The forged first entry is not what counts: 198.51.100.2's bucket is now empty.
            expectProblem(
                try client.request(
                    "POST", "/v1/sessions", json: Self.exchange, headers: [("X-Forwarded-For", "198.51.100.2")]),
                429, "create-rate-limited")
        } else {
            expectProblem(other, 429, "create-rate-limited")
        }
    }
}
