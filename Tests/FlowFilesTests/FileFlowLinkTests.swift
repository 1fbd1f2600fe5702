import CoordinationTesting
import FlowFiles
import TestSupport
import Testing

/// docs/flow-files.md#links: a link is followed by the coordinator it names,
/// with `link` reading its values, once that coordinator has run its `start`;
/// until then the session holds it, as a Swift flow's held link.
@Suite("Flow files: links", .timeLimit(.minutes(10)), .hangGuard)
struct FileFlowLinkTests {
    /// A shop: the root shows a login screen; `login` starts `Catalog`,
    /// which shows the catalog. `/items/{id}` is followed by `Catalog` (it
    /// pushes the item with the link's id), `/help` by the root.
    static let shop = shop(catalogEvents: [:])

    /// The shop, its catalog screen with `catalogEvents`.
    static func shop(catalogEvents: JSONObject) -> JSONValue {
        [
            "flow": "shop", "version": 1, "root": "ShopCoordinator",
            "coordinators": [
                "ShopCoordinator": [
                    "start": [["setRoot": "login"]],
                    "screens": [
                        "login": ["events": ["login": ["do": [["startChild": "Catalog"]]]]],
                        "help": ["title": "Help"],
                    ],
                ],
                "Catalog": [
                    "start": [["push": "catalog"]],
                    "screens": [
                        "catalog": ["title": "Catalog", "events": .object(catalogEvents)],
                        "item": ["title": ["cat": ["Item ", ["var": "screen.id"]]], "params": ["id": ["var": "screen.id"]]],
                    ],
                ],
            ],
            "links": [
                [
                    "pattern": "/items/{id}", "coordinator": "Catalog", "description": "One item.",
                    "do": [["push": "item", "with": ["id": ["var": "link.id"]]]],
                ],
                ["pattern": "/help", "coordinator": "ShopCoordinator", "do": [["present": "help", "style": "sheet"]]],
            ],
        ]
    }

    static func shopFlow() throws -> Flow { try FileFlowRunTests.flow(Self.shop) }

    @Test func theFlowListsItsPatternsWithTheirDescriptions() throws {
        let flow = try Self.shopFlow()
        #expect(flow.links == [LinkPattern("/items/{id}", description: "One item."), LinkPattern("/help", description: "")])
    }

    @Test func aLinkOfARunningCoordinatorIsFollowedAtOnceWithItsValues() throws {
        let shop = try FlowTestSession(flow: Self.shopFlow())
        try shop.send("login")
        let calls = try shop.open(link: "/items/42")
        #expect(calls.map { "\($0.operation) \($0.screen) \($0.coordinator)" } == ["push item Catalog"])
        #expect(shop.stack.last == ShownScreen(id: "s3", name: "item", title: "Item 42", params: ["id": "42"], presentation: .push))
        #expect(shop.document["pendingLink"] == .null)
        #expect(shop.invariantProblems == [])
    }

    @Test func aLinkIsHeldUntilItsCoordinatorHasStartedThenFollowed() throws {
        let shop = try FlowTestSession(flow: Self.shopFlow())
        #expect(try shop.open(link: "/items/7").isEmpty, "Catalog is not running: nothing navigates")
        #expect(shop.document["pendingLink"] == "/items/7")
        #expect(shop.stack.map(\.name) == ["login"])

        let calls = try shop.send("login")
        #expect(calls.map { "\($0.operation) \($0.screen)" } == ["push catalog", "push item"])
        #expect(shop.stack.map(\.title) == ["Login", "Catalog", "Item 7"])
        #expect(shop.document["pendingLink"] == .null)
        #expect(try shop.replayed().document == shop.document)
        #expect(shop.invariantProblems == [])
    }

    @Test func aNewerLinkReplacesAHeldOne() throws {
        let shop = try FlowTestSession(flow: Self.shopFlow())
        try shop.open(link: "/items/7")
        try shop.open(link: "/items/8")
        #expect(shop.document["pendingLink"] == "/items/8")
        try shop.send("login")
        #expect(shop.stack.last?.title == "Item 8")
    }

    @Test func aSessionCreatedWithALinkOfTheRootFollowsItInItsStart() throws {
        let shop = try FlowTestSession(flow: Self.shopFlow(), link: "/help")
        #expect(shop.stack.map { "\($0.name) \($0.presentation)" } == ["login root", "help sheet"])
        #expect(shop.document["pendingLink"] == .null)
    }

    @Test func aLinkNoPatternMatchesIsRefusedAndChangesNothing() throws {
        let shop = try FlowTestSession(flow: Self.shopFlow())
        let before = shop.document
        let error = #expect(throws: NavigationError.self) { try shop.open(link: "/basket") }
        #expect(error?.kind == .unknownLink)
        #expect(error?.linkPatterns == ["/items/{id}", "/help"])
        #expect(shop.document == before)
    }

    @Test func aLinkOfAFinishedCoordinatorIsHeldAgain() throws {
        let flow = Self.shop(catalogEvents: ["close": ["do": [["pop": true], ["finish": true]]]])
        let shop = try FlowTestSession(flow: FileFlowRunTests.flow(flow))
        try shop.send("login")
        try shop.send("close")
        #expect(try shop.open(link: "/items/9").isEmpty)
        #expect(shop.document["pendingLink"] == "/items/9")
    }

    @Test func theShopKeepsEveryInvariantOnARandomWalk() throws {
        let report = try FlowWalk.random(Self.shopFlow(), steps: 300, seed: 5)
        #expect(report.screens.contains("catalog"))
    }
}
