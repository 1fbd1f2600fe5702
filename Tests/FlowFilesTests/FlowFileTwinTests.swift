import CoordinationTesting
import FlowFiles
import Flows
import TestSupport
import Testing

/// FLOWFILES.md's proof of expressiveness: the built-in Swift flows written
/// as flow files (`examples/flows/twins/`) walked beside their Swift twins
/// with the same random events, effects' answers and links, showing the
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

    @Test func theFileListsTheSwiftFlowsLinks() throws {
        let file = try ExampleFlowFileTests.flow("twins/exchange.json")
        #expect(file.links == ExchangeFlow.flow.links)
        #expect(file.description == ExchangeFlow.flow.description)
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
