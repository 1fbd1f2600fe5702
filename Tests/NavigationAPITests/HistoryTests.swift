import Coordination
import Testing

@Suite("History")
struct HistoryTests {
    /// exchange after select USD (v2), convert (v3), back (v4).
    private func walkedExchange(_ client: TestHTTPClient) throws -> ClientSession {
        var session = try client.createSession("exchange")
        try client.apply("select", ["code": "USD"], to: &session)
        try client.apply("convert", ["amount": 2], to: &session)
        try client.apply("back", to: &session)
        return session
    }

    @Test func fullHistoryListsEveryRouterCallInOrder() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try walkedExchange(client)
        let response = try client.request("GET", session.path + "/history")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        let document = try #require(response.json)
        #expect(document["version"] == 4)
        #expect(document["truncated"] == false)
        let entries = try #require(document["entries"]?.arrayValue)
        #expect(entries.compactMap { $0["operation"]?.stringValue } == ["setRoot", "push", "update", "pop"])
        #expect(entries.compactMap { $0["version"]?.intValue } == [1, 2, 3, 4])
        #expect(entries.compactMap { $0["seq"]?.intValue } == [1, 2, 3, 4])
        #expect(entries[0]["screen"] == "rates")
        #expect(entries[0]["coordinator"] == "RatesCoordinator")
        #expect(entries[0]["presentation"] == "root")
        #expect(entries[1] == [
            "seq": 2, "version": 2, "operation": "push", "screen": "calculator", "screenId": "s2",
            "presentation": "push", "coordinator": "CalculatorCoordinator", "animated": true, "byUser": false,
        ])
        #expect(entries[3]["byUser"] == true)
        #expect(entries[3]["coordinator"] == "CalculatorCoordinator")
        #expect(entries[3]["presentation"] == nil)
    }

    @Test func sinceListsOnlyLaterVersions() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try walkedExchange(client)
        let since2 = try #require(try client.request("GET", session.path + "/history?since=2").json)
        let entries = try #require(since2["entries"]?.arrayValue)
        #expect(entries.compactMap { $0["operation"]?.stringValue } == ["update", "pop"])
        #expect(entries.compactMap { $0["version"]?.intValue } == [3, 4])
        #expect(entries.allSatisfy { $0["coordinator"] == "CalculatorCoordinator" })
        let current = try client.request("GET", session.path + "/history?since=4")
        #expect(current.json?["entries"] == [])
        let future = try client.request("GET", session.path + "/history?since=99")
        #expect(future.json?["entries"] == [])
        let zero = try client.request("GET", session.path + "/history?since=0&other=x")
        #expect(zero.json?["entries"]?.arrayValue?.count == 4)
    }

    @Test(arguments: ["since=-1", "since=abc", "since=1.5", "since=", "since=%2B1", "since=1&since=2",
                      "since=99999999999999999999"])
    func invalidSinceIs400(query: String) throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let response = try client.request("GET", session.path + "/history?" + query)
        expectProblem(response, 400, "invalid-query")
    }

    @Test func truncatedWhenOlderEntriesWereDropped() throws {
        var limits = SessionLimits()
        limits.maxHistoryLength = 2
        let server = try TestServer(limits: limits)
        let client = server.client()
        let session = try walkedExchange(client)
        #expect(try client.request("GET", session.path + "/history?since=1").json?["truncated"] == true)
        #expect(try client.request("GET", session.path + "/history?since=2").json?["truncated"] == false)
    }
}
