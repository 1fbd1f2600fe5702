import Sessions
import TestSupport
import Testing

@testable import Coordination

/// A list that pushes a detail, shown by a coordinator of its own type.
private final class ListCoordinator: Coordinator {
    override func start() {
        let list = Screen("list")
        list.on("open") { [unowned self] _ in startChild(DetailCoordinator(environment: environment)) }
        router.setRoot(list)
    }
}

private final class DetailCoordinator: Coordinator {
    override func start() { router.push(Screen("detail")) }
}

private final class AppCoordinator: Coordinator {
    override func start() { startChild(ListCoordinator(environment: environment)) }
}

private let listFlow = Flow(name: "list", description: "A list and its details.") { AppCoordinator(environment: $0) }

/// The coordinator type names a flow's first document gathers, handed to
/// later sessions' first renders (``Session/document(typeNames:expectedBytes:)``): every
/// document must be the bytes a render from nothing writes.
@Suite("Coordinator type names", .timeLimit(.minutes(10)), .hangGuard)
struct CoordinatorTypeNamesTests {
    private func expectFresh(_ session: Session, _ document: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let fresh = SessionDocument.render(session).bytes.array
        #expect(String(decoding: document, as: UTF8.self) == String(decoding: fresh, as: UTF8.self), sourceLocation: sourceLocation)
    }

    @Test func aFirstRenderGivenNoNamesWritesThemAsTheyAreAndGathersNone() throws {
        let session = try Session(id: "a", flow: listFlow, context: nil)
        expectFresh(session, session.document())
        #expect(session.renderedTypeNames == nil)
    }

    @Test func aFirstRenderGivenAnEmptyTableGathersTheNamesItWrites() throws {
        let session = try Session(id: "a", flow: listFlow, context: nil)
        expectFresh(session, session.document(typeNames: CoordinatorTypeNames(), expectedBytes: nil).array)
        let names = try #require(session.renderedTypeNames)
        #expect(!names.isEmpty)
    }

    @Test func anotherSessionGivenThoseNamesWritesTheSameTree() throws {
        let first = try Session(id: "a", flow: listFlow, context: nil)
        _ = first.document(typeNames: CoordinatorTypeNames(), expectedBytes: nil)
        let names = try #require(first.renderedTypeNames)
        let second = try Session(id: "b", flow: listFlow, context: nil)
        let document = second.document(typeNames: names, expectedBytes: nil).array
        expectFresh(second, document)
        #expect(second.renderedTypeNames != nil)
        let tree = try JSONParser.parse(document)["coordinators"]
        #expect(tree?["type"] == "AppCoordinator")
        #expect(tree?["children"]?.arrayValue?.first?["type"] == "ListCoordinator")
    }

    @Test func aTypeTheNamesLackIsSpelledWhenItFirstAppears() throws {
        let first = try Session(id: "a", flow: listFlow, context: nil)
        _ = first.document(typeNames: CoordinatorTypeNames(), expectedBytes: nil)
        let second = try Session(id: "b", flow: listFlow, context: nil)
        _ = second.document(typeNames: try #require(first.renderedTypeNames), expectedBytes: nil)
        try second.send(ClientEvent(screen: second.stack.top?.screen.id ?? "", event: "open"))
        let document = second.document()
        expectFresh(second, document)
        let list = try JSONParser.parse(document)["coordinators"]?["children"]?.arrayValue?.first
        #expect(list?["children"]?.arrayValue?.first?["type"] == "DetailCoordinator")
    }

    /// The registry keeps the names of each flow's first document for the
    /// sessions created after it.
    @Test func sessionsCreatedAfterTheFirstShowTheirCoordinatorsTypes() throws {
        let registry = SessionRegistry(flows: [listFlow])
        for _ in 0..<3 {
            let snapshot = try registry.create(flow: "list", context: nil)
            let tree = try JSONParser.parse(snapshot.document)["coordinators"]
            #expect(tree?["type"] == "AppCoordinator")
            #expect(tree?["children"]?.arrayValue?.first?["type"] == "ListCoordinator")
        }
    }
}
