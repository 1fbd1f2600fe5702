import Coordination
import TestSupport
import Testing

/// `POST /v1/sessions/{id}/links`, `link` in `POST /v1/sessions` and the links
/// of `GET /v1/flows` (docs/api.md#deep-links).
@Suite("Links route", .timeLimit(.minutes(10)), .hangGuard)
struct LinksRouteTests {
    private func open(
        _ link: String, in session: ClientSession, _ client: TestHTTPClient, headers: [(String, String)] = []
    )
        throws -> TestResponse
    {
        try client.request("POST", session.path + "/links", json: ["link": .string(link)], headers: headers)
    }

    @Test func aLinkIsFollowedAsOneEventWithItsRouterCallsInTheHistory() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let response = try open("/rates/EUR", in: session, client)
        #expect(response.status == 200, "\(response.text)")
        #expect(response.header("ETag") == "\"2\"")
        let document = try #require(response.json)
        #expect(document["version"] == 2)
        #expect(document["pendingLink"] == .null)
        #expect(document["stack"]?.arrayValue?.last?["params"]?["item"]?["code"] == "EUR")
        let history = try client.request("GET", session.path + "/history?since=1").json
        let entries = try #require(history?["entries"]?.arrayValue)
        #expect(entries.map { $0["operation"] } == ["push"])
        #expect(entries.map { $0["version"] } == [2])
        #expect(entries.map { $0["coordinator"] } == ["CalculatorCoordinator"])
        let events = try client.request("GET", session.path + "/events").json?["events"]?.arrayValue
        #expect(events?.first?["link"] == "/rates/EUR")
        #expect(events?.first?["version"] == 2)
    }

    @Test func theLoginHoldOverHTTP() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("app", context: ["onboarded": true])
        let held = try open("/profile", in: session, client)
        #expect(held.status == 200, "\(held.text)")
        session.document = try #require(held.json)
        #expect(session.document["pendingLink"] == "/profile")
        #expect(session.stackNames == ["login"])
        try client.apply("login", ["username": "ada", "password": "pw"], to: &session)
        #expect(session.stackNames == ["home", "profile"])
        #expect(session.document["pendingLink"] == .null)
    }

    @Test func createWithALinkStartsThenOpensIt() throws {
        let server = try TestServer()
        let client = server.client()
        let created = try client.request("POST", "/v1/sessions", json: ["flow": "exchange", "link": "/rates/JPY"])
        #expect(created.status == 201, "\(created.text)")
        #expect(created.header("ETag") == "\"1\"", "the link is opened as part of the start")
        let document = try #require(created.json)
        #expect(document["stack"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["rates", "calculator"])

        let held = try client.request("POST", "/v1/sessions", json: ["flow": "app", "link": "/checkout"])
        #expect(held.json?["pendingLink"] == "/checkout")
        #expect(held.json?["stack"]?.arrayValue?.first?["name"] == "welcome")

        let refused = try client.request("POST", "/v1/sessions", json: ["flow": "exchange", "link": "/rates/XXX"])
        expectProblem(refused, 422, "link-rejected")
        let unknown = try client.request("POST", "/v1/sessions", json: ["flow": "exchange", "link": "/profile"])
        expectProblem(unknown, 404, "unknown-link")
        let mistyped = try client.request("POST", "/v1/sessions", json: ["flow": "exchange", "link": 3])
        expectProblem(mistyped, 400, "invalid-request")
        #expect(server.registry.count == 2)
    }

    @Test func unknownLinkIs404ListingThePatterns() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let response = try open("/profile", in: session, client)
        expectProblem(response, 404, "unknown-link")
        #expect(response.json?["patterns"] == ["/rates", "/rates/{code}"])
        #expect(try client.version(of: session) == 1)
    }

    @Test func valuesTheFlowRefusesAre422AndChangeNothing() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let response = try open("/rates/XXX", in: session, client)
        expectProblem(response, 422, "link-rejected")
        #expect(response.json?["detail"]?.stringValue?.contains("known codes: USD, EUR, JPY, GBP, CNY") == true)
        #expect(try client.request("GET", session.path).body == session.document.encoded())
    }

    @Test(arguments: [
        "profile", "/a/../rates", "/rates/%00", "/rates/%zz", "/rates/%FF", "/rates/US%2FD", "/rates?code=USD", "//rates",
    ])
    func malformedLinksAre400(link: String) throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let response = try open(link, in: session, client)
        expectProblem(response, 400, "invalid-link")
        #expect(try client.version(of: session) == 1)
    }

    @Test func aLinkOfMaxByteCountIsReadAndOneMoreByteIsRefused() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let longest = "/rates/" + String(repeating: "X", count: DeepLink.maxByteCount - 7)
        #expect(longest.utf8.count == DeepLink.maxByteCount)
        // At the limit the link is parsed and matched: the flow refuses the code.
        expectProblem(try open(longest, in: session, client), 422, "link-rejected")
        let tooLong = try open(longest + "X", in: session, client)
        expectProblem(tooLong, 400, "invalid-link")
        #expect(tooLong.json?["detail"]?.stringValue?.contains("at most \(DeepLink.maxByteCount) bytes") == true)
    }

    @Test func ifMatchGuardsALinkLikeAnEvent() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let stale = try open("/rates/USD", in: session, client, headers: [("If-Match", "\"7\"")])
        expectProblem(stale, 412, "version-mismatch")
        #expect(stale.json?["currentVersion"] == 1)
        let garbage = try open("/rates/USD", in: session, client, headers: [("If-Match", "seven")])
        expectProblem(garbage, 412, "version-mismatch")
        let current = try open("/rates/USD", in: session, client, headers: [("If-Match", "\"1\"")])
        #expect(current.status == 200)
        #expect(try client.version(of: session) == 2)
    }

    /// A malformed link is the request's own fault: 400 before If-Match
    /// (which would be 412 here), the flow or the session is looked at.
    @Test func aMalformedLinkIs400BeforeAnythingElse() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        expectProblem(try open("/a/../b", in: session, client, headers: [("If-Match", "\"7\"")]), 400, "invalid-link")
        expectProblem(
            try open(String(repeating: "0", count: 600), in: session, client, headers: [("If-Match", "\"7\"")]), 400, "invalid-link")
        let created = try client.request("POST", "/v1/sessions", json: ["flow": "nowhere", "link": ""])
        expectProblem(created, 400, "invalid-link")
        #expect(try client.version(of: session) == 1)
        #expect(server.registry.count == 1)
    }

    @Test func badBodiesAndUnknownSessions() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        expectProblem(try client.request("POST", session.path + "/links", json: [:]), 400, "invalid-request")
        expectProblem(try client.request("POST", session.path + "/links", json: ["link": "/rates", "extra": 1]), 400, "invalid-request")
        let missing = "/v1/sessions/" + String(repeating: "0", count: 32) + "/links"
        expectProblem(try client.request("POST", missing, json: ["link": "/rates"]), 404, "session-not-found")
        let get = try client.request("GET", session.path + "/links")
        expectProblem(get, 405, "method-not-allowed")
        #expect(get.header("Allow") == "POST")
    }

    @Test func flowsListTheirLinks() throws {
        let server = try TestServer()
        let client = server.client()
        let flows = try #require(client.request("GET", "/v1/flows").json?["flows"]?.arrayValue)
        let exchange = try #require(flows.first { $0["name"] == "exchange" })
        #expect(exchange["links"]?.arrayValue?.compactMap { $0["pattern"]?.stringValue } == ["/rates", "/rates/{code}"])
        #expect(exchange["links"]?.arrayValue?.allSatisfy { $0["description"]?.stringValue?.isEmpty == false } == true)
        let app = try #require(flows.first { $0["name"] == "app" })
        #expect(app["links"]?.arrayValue?.compactMap { $0["pattern"]?.stringValue } == ["/home", "/profile", "/settings", "/checkout"])
        // A flow without links lists none.
        #expect(flows.first { $0["name"] == "farewell" }?["links"] == [])
    }
}
