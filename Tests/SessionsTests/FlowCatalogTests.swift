import Coordination
import TestSupport
import Testing

@testable import Sessions

/// The flows a server hosts, found by name: the first of two flows with one
/// name wins, names of the same length are told apart, and an unknown name
/// finds nothing.
@Suite("Flow catalog", .timeLimit(.minutes(10)), .hangGuard)
struct FlowCatalogTests {
    /// A flow that is only looked up, never started.
    private static func flow(_ name: String, version: Int) -> Flow {
        Flow(name: name, description: "v\(version)", version: version) { _ in fatalError("a catalog test starts no flow") }
    }

    private let catalog = FlowCatalog([
        flow("mail", version: 1), flow("exchange", version: 1), flow("exchangf", version: 1), flow("mail", version: 2),
    ])

    @Test func eachNameFindsItsFirstFlow() {
        #expect(catalog.names == ["mail", "exchange", "exchangf"])
        #expect(catalog["mail"]?.version == 1)
        #expect(catalog["exchange"]?.description == "v1")
        #expect(catalog["exchangf"]?.name == "exchangf")
        #expect(catalog.position(of: "exchangf") == 2)
        #expect(catalog.all.count == 4)
    }

    @Test(arguments: ["", "exchang", "exchangE", "Mail", "mail ", "m\u{E4}il"])
    func anotherNameFindsNothing(name: String) {
        #expect(catalog[name] == nil)
        #expect(catalog.position(of: name) == nil)
    }
}
