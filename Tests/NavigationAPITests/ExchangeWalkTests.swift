import Coordination
import TestSupport
import Testing

@Suite("Walk: exchange", .timeLimit(.minutes(10)), .hangGuard)
struct ExchangeWalkTests {
    @Test func ratesToCalculatorAndBack() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("exchange")
        #expect(session.stackNames == ["rates"])
        let items = try #require(session.topParams?["items"]?.arrayValue)
        #expect(items.first == ["code": "USD", "rate": 1380.5])

        let unknown = try client.send("select", ["code": "XYZ"], to: session)
        expectProblem(unknown, 422, "invalid-payload")
        #expect(try client.version(of: session) == 1)

        try client.apply("select", ["code": "USD"], to: &session)
        #expect(session.stackNames == ["rates", "calculator"])
        #expect(session.top?["presentation"] == "push")
        #expect(session.topParams?["item"] == ["code": "USD", "rate": 1380.5])
        #expect(session.topEvents == ["convert", "close", "back"])
        #expect(session.top?["events"]?.arrayValue?.first?["fields"]?["amount"]?["type"] == "number")
        #expect(session.coordinatorTypes == ["AppCoordinator", "RatesCoordinator", "CalculatorCoordinator"])

        try client.apply("convert", ["amount": 100], to: &session)
        #expect(session.stackNames == ["rates", "calculator"])
        #expect(session.topParams?["result"] == 138_050)
        #expect(session.topParams?["amount"] == 100)

        try client.apply("back", to: &session)
        #expect(session.stackNames == ["rates"])
        #expect(session.coordinatorTypes == ["AppCoordinator", "RatesCoordinator"])
        #expect(session.version == 4)

        try client.apply("select", ["code": "JPY"], to: &session)
        try client.apply("close", to: &session)
        #expect(session.stackNames == ["rates"])
        #expect(session.coordinatorTypes == ["AppCoordinator", "RatesCoordinator"])
    }
}
