import TestSupport
import Testing

@testable import Coordination

private let sharedItems: JSONValue = [["code": "USD", "rate": 1380.5], ["code": "EUR", "rate": 1495.2], ["code": "<b>", "rate": 9.21]]

/// A list screen whose `items` start as the shared list; `add` replaces
/// them with a longer copy, `rename` with a changed copy of the same count,
/// `restore` puts the shared list back, `mark` changes another param.
private final class ListCoordinator: Coordinator {
    override func start() {
        let list = Screen("list", params: ["items": sharedItems, "marked": nil])
        list
            .on("add") { [unowned self, unowned list] _ in
                router.update(list, "items", to: .array((list.params["items"]?.arrayValue ?? []) + ["more"]))
            }
            .on("rename") { [unowned self, unowned list] _ in
                var items = list.params["items"]?.arrayValue ?? []
                items[0] = ["code": "renamed", "rate": 1]
                router.update(list, "items", to: .array(items))
            }
            .on("restore") { [unowned self, unowned list] _ in router.update(list, "items", to: sharedItems) }
            .on("mark") { [unowned self, unowned list] _ in router.update(list, "marked", to: "USD") }
            .on("open") { [unowned self] _ in router.present(Screen("detail", params: ["items": sharedItems])) }
        router.setRoot(list)
    }
}

private let plainFlow = Flow(name: "list", description: "A list.") { ListCoordinator(environment: $0) }
private let sharingFlow = plainFlow.sharingParams(sharedItems)

/// A flow's shared params are written once; every document must be the
/// bytes the same flow without them renders, whatever its screens do to
/// their params.
@Suite("Shared params", .timeLimit(.minutes(10)), .hangGuard)
struct SharedParamsTests {
    @Test func theFlowKeepsItsSharedValues() {
        #expect(plainFlow.sharedParams.isEmpty)
        #expect(!sharingFlow.sharedParams.isEmpty)
        #expect(sharingFlow.name == plainFlow.name)
    }

    @Test func documentsAreTheBytesOfAFlowWithoutThem() throws {
        let sharing = try Session(id: "list", flow: sharingFlow, context: nil)
        let plain = try Session(id: "list", flow: plainFlow, context: nil)
        func expectSame(sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(sharing.document() == plain.document(), sourceLocation: sourceLocation)
            #expect(SessionDocument.render(sharing).bytes.array == plain.document(), sourceLocation: sourceLocation)
        }
        expectSame()
        for step in ["mark", "add", "restore", "rename", "restore", "open"] {
            for session in [sharing, plain] {
                try session.send(ClientEvent(screen: session.stack.top?.screen.id ?? "", event: step, payload: [:]))
            }
            expectSame()
        }
        let document = try JSONParser.parse(sharing.document())
        #expect(document["stack"]?.arrayValue?.last?["params"]?["items"] == sharedItems)
    }

    @Test func aChangedListIsRenderedAsChanged() throws {
        let session = try Session(id: "list", flow: sharingFlow, context: nil)
        try session.send(ClientEvent(screen: session.stack.top?.screen.id ?? "", event: "rename", payload: [:]))
        let document = try JSONParser.parse(SessionDocument.render(session).bytes.array)
        let items = document["stack"]?.arrayValue?.first?["params"]?["items"]?.arrayValue
        #expect(items?.count == 3)
        #expect(items?.first?["code"] == "renamed")
    }
}
