import TestSupport
import Testing

@testable import Coordination

// MARK: - A flow of its own, written as a user would

/// Links of a small shop: a product by id, and the cart.
enum ShopRoute: DeepLinkRoute, Equatable {
    case product(id: String)
    case cart

    static let patterns = [
        LinkPattern("/products/{id}", description: "One product."),
        LinkPattern("/cart", description: "The cart."),
    ]

    init(link: DeepLink) throws(LinkRejection) {
        switch link.pattern {
        case "/products/{id}":
            guard link["id"].allSatisfy(\.isNumber) else { throw LinkRejection("product ids are digits, not '\(link["id"])'") }
            self = .product(id: link["id"])
        default:
            self = .cart
        }
    }
}

/// The root: a `locked` screen until `unlock`; then the catalog, whose
/// coordinator follows the routes handed down to it. `forget` drops a held link.
final class ShopCoordinator: Coordinator, DeepLinkHandler {
    private var catalog: CatalogCoordinator? { childCoordinators.lazy.compactMap { $0 as? CatalogCoordinator }.first }

    override func start() {
        router.setRoot(
            Screen("locked")
                .on("unlock") { [unowned self] _ in
                    startChild(CatalogCoordinator(environment: environment))
                    followHeldLink()
                }
                .on("forget") { [unowned self] _ in dropHeldLink() })
    }

    func handle(_ route: ShopRoute) -> LinkHandling {
        guard let catalog else { return .hold }
        return catalog.handle(route)
    }
}

final class CatalogCoordinator: Coordinator, DeepLinkHandler {
    override func start() {
        router.setRoot(Screen("catalog"))
    }

    func handle(_ route: ShopRoute) -> LinkHandling {
        if router.stack.top?.presentation == .push { router.popToRoot() }
        switch route {
        case .product(let id): router.push(Screen("product", params: ["id": .string(id)]))
        case .cart: router.push(Screen("cart"))
        }
        return .followed
    }
}

let shopFlow = Flow(name: "shop", description: "A catalog behind a lock.", links: ShopRoute.self) { environment in
    ShopCoordinator(environment: environment)
}

/// The engine's deep links, on a flow of the test's own: parsing, matching,
/// typed routes handed down from the root, holding and following, and the
/// link as one atomic, journaled event.
@Suite("Deep links in the engine", .timeLimit(.minutes(10)), .hangGuard)
struct DeepLinkEngineTests {
    private func tap(_ session: Session, _ event: String) throws {
        try session.send(ClientEvent(screen: session.stack.top?.screen.id ?? "", event: event))
    }

    private func names(_ session: Session) -> [String] {
        session.stack.entries.map(\.screen.name)
    }

    // MARK: - Parsing and matching

    @Test func pathsSplitIntoDecodedSegments() throws {
        #expect(try DeepLink("/products/42").segments == ["products", "42"])
        #expect(try DeepLink("/caf%C3%A9/").segments == ["café"])
        #expect(try DeepLink("/").segments == [])
        let matched = try #require(LinkPattern("/products/{id}", description: "").match(try DeepLink("/products/7")))
        #expect(matched.pattern == "/products/{id}")
        #expect(matched["id"] == "7")
        #expect(LinkPattern("/products/{id}", description: "").match(try DeepLink("/products")) == nil)
        #expect(LinkPattern("/cart", description: "").match(try DeepLink("/Cart")) == nil)
    }

    @Test(arguments: [
        "", "cart", "/cart?x=1", "/cart#top", "//cart", "/a//b", "/.", "/a/..", "/%2e%2e", "/%", "/%4", "/%G0", "/%00",
        "/a%0Ab", "/%C0%AF", "/%FF", "/a%2Fb", "/\u{7F}",
    ])
    func malformedPathsAreInvalidLinks(path: String) {
        #expect(throws: NavigationError.self) { try DeepLink(path) }
        do {
            _ = try DeepLink(path)
        } catch {
            #expect(error.kind == .invalidLink, "\(path)")
        }
    }

    @Test func theLengthLimitIsInclusive() throws {
        let longest = "/" + String(repeating: "a", count: DeepLink.maxByteCount - 1)
        #expect(try DeepLink(longest).segments.count == 1)
        let error = try #require(throws: NavigationError.self) { try DeepLink(longest + "a") }
        #expect(error.kind == .invalidLink)
        #expect(error.detail == "a link may have at most 512 bytes, not 513")
    }

    // MARK: - Routing

    @Test func theRootHoldsUntilItCanThenFollowsDownToItsChild() throws {
        let log = RouterCallLog()
        let session = try Session(id: "shop", flow: shopFlow, context: nil, routerLog: log)
        log.removeAll()
        try session.open(link: "/products/42")
        #expect(log.entries.isEmpty)
        #expect(session.pendingLink == "/products/42")
        #expect(names(session) == ["locked"])

        try tap(session, "unlock")
        #expect(
            log.entries.map { "\($0.coordinator): \($0.call)" } == [
                "CatalogCoordinator: setRoot(catalog)", "CatalogCoordinator: push(product)",
            ])
        #expect(session.stack.top?.screen.params["id"] == "42")
        #expect(session.pendingLink == nil)
        #expect(session.history.entries(since: 2).entries.map(\.version) == [3, 3])

        try session.open(link: "/cart")
        #expect(names(session) == ["catalog", "cart"])
        #expect(session.version == 4)
    }

    @Test func aNewerLinkReplacesTheHeldOneAndDroppingForgetsIt() throws {
        let session = try Session(id: "shop", flow: shopFlow, context: nil)
        try session.open(link: "/products/1")
        try session.open(link: "/cart")
        #expect(session.pendingLink == "/cart")
        try tap(session, "unlock")
        #expect(names(session) == ["catalog", "cart"])

        let dropped = try Session(id: "shop", flow: shopFlow, context: nil)
        try dropped.open(link: "/cart")
        try tap(dropped, "forget")
        #expect(dropped.pendingLink == nil)
        try tap(dropped, "unlock")
        #expect(names(dropped) == ["catalog"])
    }

    @Test func refusalsChangeNothing() throws {
        let session = try Session(id: "shop", flow: shopFlow, context: nil)
        try session.open(link: "/cart")
        let before = (session.version, session.document(), session.acceptedEvents)
        let unknown = try #require(throws: NavigationError.self) { try session.open(link: "/orders") }
        #expect(unknown.kind == .unknownLink)
        #expect(unknown.linkPatterns == ["/products/{id}", "/cart"])
        let rejected = try #require(throws: NavigationError.self) { try session.open(link: "/products/abc") }
        #expect(rejected.kind == .linkRejected)
        #expect(rejected.detail == "link '/products/abc' cannot be followed: product ids are digits, not 'abc'")
        let stale = try #require(throws: NavigationError.self) { try session.open(link: "/cart", expectedVersion: 1) }
        #expect(stale.kind == .versionMismatch)
        #expect(before == (session.version, session.document(), session.acceptedEvents))
    }

    @Test func aFlowWithoutLinksKnowsNone() throws {
        let plain = Flow(name: "plain", description: "No links.") { environment in ShopCoordinator(environment: environment) }
        #expect(plain.links.isEmpty)
        let session = try Session(id: "plain", flow: plain, context: nil)
        let error = try #require(throws: NavigationError.self) { try session.open(link: "/cart") }
        #expect(error.kind == .unknownLink)
        #expect(error.detail.contains("flow 'plain' follows no links"))
    }

    @Test func replayRebuildsTheHeldLinkAndItsFollowing() throws {
        let session = try Session(id: "shop", flow: shopFlow, context: nil)
        try session.open(link: "/products/9")
        let held = try Session(restoring: "shop", flow: shopFlow, context: session.context, acceptedEvents: session.acceptedEvents)
        #expect(held.pendingLink == "/products/9")
        #expect(held.document() == session.document())
        try tap(session, "unlock")
        let followed = try Session(restoring: "shop", flow: shopFlow, context: session.context, acceptedEvents: session.acceptedEvents)
        #expect(followed.document() == session.document())
        #expect(followed.historyDocument(since: 0) == session.historyDocument(since: 0))
    }

    @Test func theDocumentShowsThePendingLink() throws {
        let session = try Session(id: "shop", flow: shopFlow, context: nil)
        #expect(try JSONParser.parse(session.document())["pendingLink"] == .null)
        try session.open(link: "/cart")
        #expect(try JSONParser.parse(session.document())["pendingLink"] == "/cart")
    }
}
