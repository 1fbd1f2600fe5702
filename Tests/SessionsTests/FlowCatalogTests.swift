import Coordination
import TestSupport
import Testing

@testable import Sessions

/// The flows a server hosts, found by name and version: every version of a
/// flow side by side, the highest current unless a selection names
/// another, names of the same length told apart, and an unknown name or
/// version finding nothing.
@Suite("Flow catalog", .timeLimit(.minutes(10)), .hangGuard)
struct FlowCatalogTests {
    /// A flow that is only looked up, never started.
    private static func flow(_ name: String, version: Int) -> Flow {
        Flow(name: name, description: "v\(version)", version: version) { _ in fatalError("a catalog test starts no flow") }
    }

    private let catalog = FlowCatalog([
        flow("mail", version: 2), flow("exchange", version: 1), flow("exchangf", version: 1), flow("mail", version: 1),
        flow("mail", version: 2),
    ])

    @Test func eachNameFindsItsCurrentVersion() {
        #expect(catalog.names == ["mail", "exchange", "exchangf"])
        #expect(catalog["mail"]?.version == 2)
        #expect(catalog["exchange"]?.description == "v1")
        #expect(catalog["exchangf"]?.name == "exchangf")
        #expect(catalog.position(of: "exchangf") == 2)
        // Of one name and version given twice, the first is kept.
        #expect(catalog.all.count == 4)
    }

    @Test func everyVersionIsFoundLowestFirst() throws {
        #expect(catalog.hostedVersions(of: "mail") == [1, 2])
        let index = try #require(catalog.position(of: "mail"))
        #expect(catalog.versionPositions(ofFlowAt: index).map { catalog.flow(at: $0).version } == [1, 2])
        #expect(catalog.position(of: "mail", version: 1) == 3)
        #expect(catalog.position(of: "mail", version: 3) == nil)
        #expect(catalog.position(of: "exchange", version: 2) == nil)
    }

    @Test func aRampTakesTheDrawsBelowItsPercentage() throws {
        let hosted = try HostedFlows(
            [Self.flow("mail", version: 1), Self.flow("mail", version: 2)],
            selections: [FlowVersionSelection(flow: "mail", version: 1, percent: 30)])
        let catalog = FlowCatalog(hosted)
        let versions = try (0..<200).map { draw in
            try catalog.startingFlow(named: "mail", version: nil, draw: UInt64(draw)).flow.version
        }
        #expect(versions.filter { $0 == 1 }.count == 60)
        #expect(try catalog.startingFlow(named: "mail", version: 2, draw: 0).flow.version == 2)
    }

    @Test(arguments: ["", "exchang", "exchangE", "Mail", "mail ", "m\u{E4}il"])
    func anotherNameFindsNothing(name: String) {
        #expect(catalog[name] == nil)
        #expect(catalog.position(of: name) == nil)
        #expect(catalog.hostedVersions(of: name).isEmpty)
    }
}
