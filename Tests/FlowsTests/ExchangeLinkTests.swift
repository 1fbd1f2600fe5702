import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// Every link of `exchange` (docs/api.md#deep-links) from every state it can
/// reach: the list alone, a calculator, a calculator that converted. The
/// recording router shows exactly what the coordinators did.
@Suite("exchange: deep links", .timeLimit(.minutes(10)), .hangGuard)
struct ExchangeLinkTests {
    /// The reachable states, each built from a fresh recording session.
    private static let states: [String: @Sendable (FlowSession) throws -> Void] = [
        "rates": { _ in },
        "calculator": { try $0.send("select", on: "rates", ["code": "USD"]) },
        "converted": { flow in
            try flow.send("select", on: "rates", ["code": "USD"])
            try flow.send("convert", on: "calculator", ["amount": 10])
        },
    ]

    private static let closeCalculator = ["CalculatorCoordinator: pop", "RatesCoordinator: update(rates)"]

    @Test(arguments: ["rates", "calculator", "converted"])
    func ratesShowsTheListAlone(state: String) throws {
        let flow = try Self.session(in: state)
        let calls = try flow.open("/rates")
        #expect(calls == (state == "rates" ? [] : Self.closeCalculator))
        #expect(flow.stack == ["rates:root"])
        #expect(flow.tree == "AppCoordinator[RatesCoordinator]")
        #expect(flow.session.pendingLink == nil)
    }

    @Test(arguments: ["rates", "calculator", "converted"], ["USD", "EUR", "CNY"])
    func rateCodeShowsItsCalculatorReplacingAnyOpenOne(state: String, code: String) throws {
        let flow = try Self.session(in: state)
        let calls = try flow.open("/rates/\(code)")
        let opening = ["CalculatorCoordinator: push(calculator)"]
        #expect(calls == (state == "rates" ? opening : Self.closeCalculator + opening))
        #expect(flow.stack == ["rates:root", "calculator:push"])
        #expect(flow.params("calculator")?["item"]?["code"]?.stringValue == code)
        #expect(flow.params("calculator")?["result"] == .null)
        #expect(flow.tree == "AppCoordinator[RatesCoordinator, CalculatorCoordinator]")
    }

    @Test(arguments: ["rates", "calculator"])
    func unknownCodeIsRefusedAndChangesNothing(state: String) throws {
        let flow = try Self.session(in: state)
        let before = (flow.version, flow.session.document(), flow.session.acceptedEvents)
        let error = try #require(throws: NavigationError.self) { try flow.open("/rates/XXX") }
        #expect(error.kind == .linkRejected)
        #expect(error.detail.contains("known codes: USD, EUR, JPY, GBP, CNY"))
        #expect(before == (flow.version, flow.session.document(), flow.session.acceptedEvents))
    }

    @Test func aLinkIsAnEventWithItsRouterCallsInTheHistory() throws {
        let flow = try FlowSession.exchange()
        try flow.open("/rates/EUR")
        #expect(flow.version == 2)
        #expect(flow.session.acceptedEvents == [ClientEvent(link: "/rates/EUR")])
        #expect(flow.calls(since: 1) == ["CalculatorCoordinator: push(calculator)"])
        // The calculator it opened behaves like one opened by `select`.
        #expect(try flow.send("close", on: "calculator") == Self.closeCalculator)
    }

    @Test func selectDeclaresItsCodesAndRefusesOthers() throws {
        let flow = try FlowSession.exchange()
        let document = try JSONParser.parse(flow.session.document())
        let select = document["stack"]?.arrayValue?.first?["events"]?.arrayValue?.first
        let code = select?["fields"]?["code"]
        #expect(
            code == [
                "type": "string", "label": "Currency", "enum": ["USD", "EUR", "JPY", "GBP", "CNY"],
                "labels": ["US dollar", "Euro", "Japanese yen", "British pound", "Chinese yuan"],
            ])
        let refusal = try #require(flow.refusal("select", on: "rates", ["code": "XXX"]))
        #expect(refusal.kind == .invalidPayload)
        #expect(refusal.fieldProblems == [FieldProblem(field: "code", message: "must be one of USD, EUR, JPY, GBP, CNY, not 'XXX'")])
    }

    private static func session(in state: String) throws -> FlowSession {
        let flow = try FlowSession.exchange(recording: true)
        let reach = try #require(states[state])
        try reach(flow)
        return flow
    }
}
