import Coordination
import TestSupport
import Testing

@Suite("History", .timeLimit(.minutes(10)), .hangGuard)
struct HistoryTests {
    private func entries(_ client: TestHTTPClient, _ session: ClientSession, query: String = "") throws -> [JSONValue] {
        let response = try client.request("GET", session.path + "/history" + query)
        #expect(response.status == 200, "\(response.text)")
        return try #require(response.json?["entries"]?.arrayValue)
    }

    @Test func fullHistoryListsEveryRouterCallInOrder() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.walkedExchange()
        let response = try client.request("GET", session.path + "/history")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-store")
        let document = try #require(response.json)
        #expect(document["version"] == 4)
        #expect(document["truncated"] == false)
        let entries = try #require(document["entries"]?.arrayValue)
        try #require(entries.count >= 4)
        #expect(entries.compactMap { $0["seq"]?.intValue } == Array(1...entries.count))
        let versions = entries.compactMap { $0["version"]?.intValue }
        #expect(versions == versions.sorted() && versions.first == 1 && versions.last == 4)
        #expect(
            entries[0] == [
                "seq": 1, "version": 1, "operation": "setRoot", "screen": "rates", "screenId": "s1",
                "presentation": "root", "coordinator": "RatesCoordinator", "animated": false, "byUser": false,
            ])
        #expect(
            entries[1] == [
                "seq": 2, "version": 2, "operation": "push", "screen": "calculator", "screenId": "s2",
                "presentation": "push", "coordinator": "CalculatorCoordinator", "animated": true, "byUser": false,
            ])
        #expect(entries[2]["operation"] == "update")
        #expect(entries[2]["version"] == 3)
        #expect(entries[2]["coordinator"] == "CalculatorCoordinator")
        let pop = try #require(entries.first { $0["operation"] == "pop" })
        #expect(pop["version"] == 4)
        #expect(pop["screen"] == "calculator")
        #expect(pop["byUser"] == true)
        #expect(pop["coordinator"] == "CalculatorCoordinator")
        #expect(pop["presentation"] == nil)
    }

    @Test func sinceListsExactlyTheEntriesOfLaterVersionsInOrder() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.walkedExchange()
        let all = try entries(client, session)
        for since in 0...6 {
            let later = try entries(client, session, query: "?since=\(since)")
            #expect(later == all.filter { ($0["version"]?.intValue ?? 0) > since }, "since=\(since)")
        }
        let sinceTwo = try entries(client, session, query: "?since=2")
        #expect(sinceTwo.prefix(2).compactMap { $0["operation"]?.stringValue } == ["update", "pop"])
        #expect(sinceTwo.prefix(2).allSatisfy { $0["coordinator"] == "CalculatorCoordinator" })
        #expect(try entries(client, session, query: "?since=0&other=x") == all)
        #expect(try entries(client, session, query: "?since=4").isEmpty)
    }

    @Test(arguments: [
        "since=-1", "since=abc", "since=1.5", "since=", "since=%2B1", "since=1&since=2",
        "since=99999999999999999999",
    ])
    func invalidSinceIs400(query: String) throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let response = try client.request("GET", session.path + "/history?" + query)
        expectProblem(response, 400, "invalid-query")
    }

    @Test func truncatedWhenEntriesAfterSinceWereDropped() throws {
        var limits = SessionLimits()
        limits.maxHistoryLength = 2
        let server = try TestServer(limits: limits)
        let client = server.client()
        let session = try client.walkedExchange()
        let full = try #require(try client.request("GET", session.path + "/history").json)
        #expect(full["truncated"] == true)
        #expect(full["entries"]?.arrayValue?.count == 2)
        #expect(try client.request("GET", session.path + "/history?since=4").json?["truncated"] == false)
    }
}
