import CoordinationTesting
import FlowFiles
import FlowTestSupport
import Flows
import TestSupport
import Testing

/// The proof that a flow file says what a Swift flow says
/// (docs/flow-files.md#twins-of-the-swift-flows): the built-in Swift flows
/// written as flow files (`examples/flows/twins/`) walked beside their Swift
/// twins with the same random events, effects' answers and links, showing the
/// same documents byte for byte after every step (coordinator type names
/// included). Each twin file is version 2 of its flow, so that a server can
/// host it beside the built-in version 1 (the document names no version).
@Suite("Flow files: twins of the Swift flows", .timeLimit(.minutes(10)), .hangGuard)
struct FlowFileTwinTests {
    static let exchangeLinks = ["/rates", "/rates/USD", "/rates/JPY", "/rates/CNY", "/rates/XXX"]

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func exchangeWalksAsItsSwiftTwin(seed: UInt64) throws {
        let file = try ExampleFlowFileTests.flow("twins/exchange.json")
        #expect(file.name == "exchange" && file.version == 2)
        let report = try FlowWalk.twins(file, ExchangeFlow.flow, steps: 1_500, seed: seed, links: Self.exchangeLinks)
        #expect(report.screens == ["rates", "calculator"])
        #expect(report.accepted > 500)
    }

    static let appLinks = ["/home", "/profile", "/settings", "/checkout"]

    /// The contexts a session of `app` starts with: onboarding, login, or home first.
    static let appContexts: [JSONValue] = [
        [:], ["onboarded": true], ["onboarded": true, "token": "saved"], ["onboarded": false, "token": "saved"],
    ]

    /// How the services answer in the `app` walks: as the demo services do
    /// (a sign-in or a charge that succeeds or is declined), or refused with
    /// and without a reason, or failed in each other way.
    static func appOutcome(_ request: EffectRequest, using random: inout SessionRandom) -> EffectOutcome? {
        switch Int.random(in: 0..<8, using: &random) {
        case 0, 1, 2: try? DemoEffects.outcome(of: request)
        case 3: .failure(EffectFailure(.rejected, reason: "No such user.", status: 403))
        case 4: .failure(EffectFailure(.rejected, status: [401, 402, 409].randomElement(using: &random)))
        case 5: .failure(EffectFailure(.unavailable))
        case 6: .failure(EffectFailure(.timedOut))
        default: .failure(EffectFailure(.interrupted))
        }
    }

    @Test(arguments: [(1, 0), (2, 1), (3, 2), (4, 3), (5, 1), (6, 2)] as [(UInt64, Int)])
    func appWalksAsItsSwiftTwin(seed: UInt64, context: Int) throws {
        let file = try ExampleFlowFileTests.flow("twins/app.json")
        #expect(file.name == "app" && file.version == 3)
        let report = try FlowWalk.twins(
            file, AppFlow.flow, steps: 2_000, seed: seed, context: Self.appContexts[context], links: Self.appLinks,
            outcome: Self.appOutcome)
        #expect(report.accepted > 500)
        #expect(report.screens.isSuperset(of: ["login", "forgotPassword", "home", "profile", "settings", "cart", "address", "payment"]))
    }

    /// Text a person types, beyond what a walk sends: blank in JavaScript's
    /// and Swift's sense alike, numbers that read as zero, digits that are
    /// not the ASCII ones, and usernames at and over 64 characters. The
    /// file and the Swift flow show the same documents after each.
    static let edgeTexts = [
        "", " ", "\t\n ", "\u{00A0}\u{2003}", "0", " 0 ", "-0", "0x0", ".0", "0e5", "a", "¡", "4242 4242 4242 0002",
        "١٢٣٤٥", "42-42", String(repeating: "a", count: 64), String(repeating: "a", count: 65),
    ]

    @Test func editedTextIsJudgedAsTheSwiftFlowJudgesIt() throws {
        let file = try FlowTestSession(flow: ExampleFlowFileTests.flow("twins/app.json"), context: ["onboarded": true])
        let swift = try FlowTestSession(flow: AppFlow.flow, context: ["onboarded": true])
        func both(_ change: (FlowTestSession) throws -> Void) throws {
            try change(file)
            try change(swift)
            #expect(file.document.jsonString == swift.document.jsonString)
        }
        for text in Self.edgeTexts {
            try both { _ = try $0.send("login", payload: ["username": .string(text), "password": .string(text)]) }
            if let effect = swift.pendingEffects.first {
                let refusal = EffectOutcome.failure(EffectFailure(.rejected, status: 401))
                try both { _ = try $0.deliver(refusal, to: effect.id) }
            }
        }
        try both { _ = try $0.send("forgotPassword") }
        for text in Self.edgeTexts.prefix(10) {
            try both { _ = try $0.send("submit", payload: ["email": .string(text)], on: "forgotPassword") }
            if file.stack.last?.name == "login" { try both { _ = try $0.send("forgotPassword") } }
        }
        try both { _ = try $0.send("back") }
        try both { _ = try $0.send("login", payload: ["username": "ada", "password": "pw"]) }
        try both { _ = try $0.deliver(.success(["user": ["name": "Ada"]]), to: swift.pendingEffects[0].id) }
        try both { _ = try $0.send("checkout") }
        try both { _ = try $0.send("next") }
        for text in Self.edgeTexts.dropLast(2) {
            try both { _ = try $0.send("next", payload: ["street": .string(text)], on: "address") }
            if file.stack.last?.name == "payment" { try both { _ = try $0.send("back") } }
        }
        try both { _ = try $0.send("next", payload: ["street": "1 Main St"], on: "address") }
        for text in Self.edgeTexts.dropLast(2) {
            try both { _ = try $0.send("pay", payload: ["card": .string(text)], on: "payment") }
            if let effect = swift.pendingEffects.first {
                try both { _ = try $0.deliver(.failure(EffectFailure(.rejected, reason: "Declined.", status: 402)), to: effect.id) }
            }
        }
        try both { _ = try $0.send("pay", payload: ["card": "١٢٣٤ 4242-4242"], on: "payment") }
        try both { _ = try $0.deliver(.success(["charge": "c"]), to: swift.pendingEffects[0].id) }
        #expect(file.stack.last?.params["card"] == "•••• 4242")
    }

    /// A link opened before login is held, and followed by Main once login
    /// succeeds, in the file as in the Swift flow.
    @Test func aLinkIsHeldUntilLoginInBoth() throws {
        for flow in [try ExampleFlowFileTests.flow("twins/app.json"), AppFlow.flow] {
            let app = try FlowTestSession(flow: flow, context: ["onboarded": true])
            try app.open(link: "/settings")
            #expect(app.document["pendingLink"] == "/settings")
            #expect(app.stack.map(\.name) == ["login"])
            try app.send("login", payload: ["username": "ada", "password": "pw"])
            try app.complete("auth.login", with: .success(["user": ["name": "Ada"]]))
            #expect(app.document["pendingLink"] == .null)
            #expect(app.stack.map(\.name) == ["home", "settings"])
            #expect(app.coordinators.description == "AppCoordinator[MainCoordinator[SettingsCoordinator]]")
        }
    }

    @Test func theFilesListTheSwiftFlowsLinksAndContext() throws {
        let exchange = try ExampleFlowFileTests.flow("twins/exchange.json")
        #expect(exchange.links == ExchangeFlow.flow.links)
        #expect(exchange.description == ExchangeFlow.flow.description)
        let app = try ExampleFlowFileTests.flow("twins/app.json")
        #expect(app.links == AppFlow.flow.links)
        #expect(app.description == AppFlow.flow.description)
        #expect(app.context == AppFlow.flow.context)
    }

    @Test func anUnknownCurrencyInALinkIsRefusedAsTheSwiftFlowRefusesIt() throws {
        let file = try FlowTestSession(flow: ExampleFlowFileTests.flow("twins/exchange.json"))
        let swift = try FlowTestSession(flow: ExchangeFlow.flow)
        let fileError = #expect(throws: NavigationError.self) { try file.open(link: "/rates/XXX") }
        let swiftError = #expect(throws: NavigationError.self) { try swift.open(link: "/rates/XXX") }
        #expect(fileError?.kind == swiftError?.kind)
        #expect(fileError?.detail == swiftError?.detail)
    }

    /// The walk finds a difference: a file whose list is titled otherwise
    /// differs from its start.
    @Test func aDifferenceIsFoundAndNamed() throws {
        let text = try String(contentsOf: ExampleFlowFileTests.examples.appendingPathComponent("twins/exchange.json"), encoding: .utf8)
        let changed = text.replacingOccurrences(of: "\"Exchange rates\"", with: "\"Rates\"")
        let flow = try FlowFile.definition(of: Array(changed.utf8), file: "exchange.json").flow()
        let failure = #expect(throws: FlowWalkFailure.self) { try FlowWalk.twins(flow, ExchangeFlow.flow, steps: 300, seed: 1) }
        #expect(failure?.step == 0)
        #expect(failure?.problems.first?.hasPrefix("the twin's document differs") == true, "\(failure?.problems ?? [])")
    }
}
