import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// `exchange`: rates, and a calculator started through the delegate for the
/// chosen rate, finished by `close` or by the user's `back`; App, the
/// calculator's delegate, then has Rates show that rate as `lastViewed`.
@Suite("exchange", .timeLimit(.minutes(10)), .hangGuard)
struct ExchangeFlowTests {
    private let usd: JSONValue = ["code": "USD", "rate": 1380.5]

    // MARK: - Rates

    @Test func ratesListsTheCurrencies() throws {
        let exchange = try FlowSession.exchange()
        #expect(exchange.calls(since: 0) == ["RatesCoordinator: setRoot(rates)"])
        #expect(exchange.tree == "AppCoordinator[RatesCoordinator]")
        let items = try #require(exchange.params("rates")?["items"]?.arrayValue)
        #expect(items.compactMap { $0["code"]?.stringValue } == ["USD", "EUR", "JPY", "GBP", "CNY"])
        #expect(items.first == usd)
        #expect(exchange.params("rates")?.keys == ["items", "lastViewed"])
        #expect(exchange.params("rates")?["lastViewed"] == .null)
        #expect(try exchange.acceptedEvents == ["select"])
    }

    // MARK: - Calculator

    @Test func selectPushesACalculatorWithTheItem() throws {
        let exchange = try FlowSession.exchange()
        #expect(try exchange.send("select", on: "rates", ["code": "USD"]) == ["CalculatorCoordinator: push(calculator)"])
        #expect(exchange.params("calculator") == ["item": usd, "amount": nil, "result": nil])
        #expect(exchange.tree == "AppCoordinator[RatesCoordinator, CalculatorCoordinator]")
        #expect(try exchange.acceptedEvents == ["convert", "close", "back"])
        #expect(exchange.topScreen?.coordinator?.id == "c3")
    }

    /// The rates list and the rates screen's first params are shared by
    /// every session and written once: the documents are the bytes of the
    /// same flow without them, before and after `lastViewed` changes.
    @Test func sharedParamsRenderTheSameDocuments() throws {
        #expect(!ExchangeFlow.flow.sharedParams.isEmpty)
        let plainFlow = Flow(name: "exchange", description: "") { ExchangeFlow.AppCoordinator(environment: $0) }
        let shared = try Session(id: "x", flow: ExchangeFlow.flow, context: nil)
        let plain = try Session(id: "x", flow: plainFlow, context: nil)
        #expect(shared.stack.top?.screen.params == ExchangeFlow.ratesParams)
        #expect(shared.document() == plain.document())
        let steps: [(String, JSONObject)] = [("select", ["code": "JPY"]), ("close", [:]), ("select", ["code": "USD"]), ("back", [:])]
        for (event, payload) in steps {
            for session in [shared, plain] {
                try session.send(ClientEvent(screen: session.stack.top?.screen.id ?? "", event: event, payload: payload))
            }
            #expect(shared.document() == plain.document())
            #expect(SessionDocument.render(shared).bytes.array == plain.document())
        }
        let document = try JSONParser.parse(shared.document())
        #expect(document["stack"]?.arrayValue?.first?["params"]?["lastViewed"] == "USD")
        #expect(document["stack"]?.arrayValue?.first?["params"]?["items"] == ExchangeFlow.ratesJSON)
    }

    @Test func theDocumentMatchesAPIMD() throws {
        let exchange = try FlowSession.exchange()
        try exchange.send("select", on: "rates", ["code": "USD"])
        let document = try JSONParser.parse(exchange.session.document())
        let rates = try #require(document["stack"]?.arrayValue?.first)
        #expect(
            rates["events"] == [
                [
                    "name": "select", "label": "Select",
                    "fields": [
                        "code": [
                            "type": "string", "label": "Currency", "enum": ["USD", "EUR", "JPY", "GBP", "CNY"],
                            "labels": ["US dollar", "Euro", "Japanese yen", "British pound", "Chinese yuan"],
                        ]
                    ],
                ]
            ])
        #expect(rates["title"] == "Exchange rates")
        #expect(rates["params"]?["lastViewed"] == .null)
        #expect(
            document["stack"]?.arrayValue?.last == [
                "id": "s2", "name": "calculator", "presentation": "push", "coordinator": "c3",
                "params": ["item": usd, "amount": nil, "result": nil],
                "events": [
                    [
                        "name": "convert", "label": "Convert", "role": "primary",
                        "fields": [
                            "amount": [
                                "type": "number", "label": "Amount", "description": "How much of the currency to convert to won.",
                            ]
                        ],
                    ],
                    ["name": "close", "label": "Close", "role": "cancel"],
                    ["name": "back", "label": "Back", "role": "cancel"],
                ],
                "title": "US dollar",
            ])
        #expect(
            document["coordinators"] == [
                "id": "c1", "type": "AppCoordinator",
                "children": [
                    ["id": "c2", "type": "RatesCoordinator", "children": []],
                    ["id": "c3", "type": "CalculatorCoordinator", "children": []],
                ],
            ])
        #expect(document["version"] == 2 && document["flow"] == "exchange" && document["finished"] == false)
    }

    @Test(arguments: [(2.0, 2761.0), (0.5, 690.25), (3, 4141.5)])
    func convertComputesInPlace(amount: Double, result: Double) throws {
        let exchange = try FlowSession.exchange()
        try exchange.send("select", on: "rates", ["code": "USD"])
        let calls = try exchange.send("convert", on: "calculator", ["amount": .number(amount)])
        #expect(calls == ["CalculatorCoordinator: update(calculator)"])
        #expect(exchange.params("calculator") == ["item": usd, "amount": .number(amount), "result": .number(result)])
        #expect(exchange.stack == ["rates:root", "calculator:push"])
    }

    @Test func convertRoundsToCents() throws {
        let exchange = try FlowSession.exchange()
        try exchange.send("select", on: "rates", ["code": "JPY"])
        try exchange.send("convert", on: "calculator", ["amount": 1.234])
        #expect(exchange.params("calculator")?["result"] == 11.37)
    }

    @Test func closePopsAndFinishesTheCalculator() throws {
        let exchange = try FlowSession.exchange()
        try exchange.send("select", on: "rates", ["code": "USD"])
        let calculator = Weak(try #require(exchange.session.root.childCoordinators.last))
        #expect(try exchange.send("close", on: "calculator") == ["CalculatorCoordinator: pop", "RatesCoordinator: update(rates)"])
        #expect(exchange.stack == ["rates:root"])
        #expect(exchange.params("rates")?["lastViewed"] == "USD")
        #expect(exchange.params("rates")?.keys == ["items", "lastViewed"])
        #expect(exchange.tree == "AppCoordinator[RatesCoordinator]")
        #expect(calculator.object == nil)
    }

    @Test func backAlsoFinishesTheCalculator() throws {
        let exchange = try FlowSession.exchange()
        try exchange.send("select", on: "rates", ["code": "EUR"])
        #expect(try exchange.send("back", on: "calculator") == ["CalculatorCoordinator: pop [user]", "RatesCoordinator: update(rates)"])
        #expect(exchange.params("rates")?["lastViewed"] == "EUR")
        #expect(exchange.tree == "AppCoordinator[RatesCoordinator]")
        #expect(try exchange.send("select", on: "rates", ["code": "GBP"]) == ["CalculatorCoordinator: push(calculator)"])
        #expect(exchange.topScreen?.id == "s3")
        #expect(exchange.topScreen?.coordinator?.id == "c4")
        #expect(exchange.params("calculator")?["item"] == ["code": "GBP", "rate": 1752.8])
        #expect(exchange.params("rates")?["lastViewed"] == "EUR")
        #expect(try exchange.send("close", on: "calculator") == ["CalculatorCoordinator: pop", "RatesCoordinator: update(rates)"])
        #expect(exchange.params("rates")?["lastViewed"] == "GBP")
        #expect(exchange.session.history.entries.last?.screenId == "s1")
    }

    // MARK: - Refusals

    @Test func anUnknownCodeIsRejectedAndChangesNothing() throws {
        let exchange = try FlowSession.exchange()
        let root = exchange.session.root
        let rates = try #require(root.childCoordinators.first)
        let error = exchange.refusal("select", on: "rates", ["code": "XXX"])
        // The field's allowed values refuse it before the handler runs.
        #expect(error?.kind == .invalidPayload)
        #expect(
            error?.detail == "the payload of 'select' does not match its fields: 'code' must be one of USD, EUR, JPY, GBP, CNY, not 'XXX'")
        #expect(exchange.version == 1)
        #expect(exchange.tree == "AppCoordinator[RatesCoordinator]")
        // Rates refuses before changing anything: the session keeps its objects.
        #expect(exchange.session.root === root)
        #expect(exchange.session.root.childCoordinators.first === rates)
    }

    @Test func aRejectionAfterOtherEventsKeepsThemAll() throws {
        let exchange = try FlowSession.exchange()
        try exchange.send("select", on: "rates", ["code": "USD"])
        try exchange.send("convert", on: "calculator", ["amount": 2])
        try exchange.send("close", on: "calculator")
        exchange.refusal("select", on: "rates", ["code": "usd"])
        #expect(exchange.version == 4)
        #expect(exchange.params("rates")?["lastViewed"] == "USD")
        #expect(try exchange.send("select", on: "rates", ["code": "CNY"]) == ["CalculatorCoordinator: push(calculator)"])
        #expect(exchange.topScreen?.id == "s3")
    }

    @Test func anAmountMustBeANumber() throws {
        let exchange = try FlowSession.exchange()
        try exchange.send("select", on: "rates", ["code": "USD"])
        let error = exchange.refusal("convert", on: "calculator", ["amount": "2"])
        #expect(error?.kind == .invalidPayload)
        #expect(error?.fieldProblems == [FieldProblem(field: "amount", message: "must be a number, not string")])
    }
}
