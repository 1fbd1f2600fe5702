import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// Every link of `app` (README.md#deep-links-a-link-held-until-login) from
/// onboarding, login, home, profile, settings and each checkout step, in the
/// calls of a recording router.
@Suite("app: deep links from every screen", .timeLimit(.minutes(10)), .hangGuard)
struct AppLinkTests {
    private static let links = ["/home", "/profile", "/settings", "/checkout"]

    /// Each state: how to reach it from a fresh recording session.
    private static let states: [String: @Sendable (FlowSession) throws -> Void] = [
        "welcome": { _ in },
        "features": { try $0.send("next", on: "welcome") },
        "login": { try $0.send("skip", on: "welcome") },
        "forgotPassword": { flow in
            try flow.send("skip", on: "welcome")
            try flow.send("forgotPassword", on: "login")
        },
        "home": { try login($0) },
        "profile": { flow in
            try login(flow)
            try flow.send("selectProfile", on: "home")
        },
        "settings": { flow in
            try login(flow)
            try flow.send("openSettings", on: "home")
        },
        "cart": { try checkout($0, steps: 0) },
        "address": { try checkout($0, steps: 1) },
        "payment": { try checkout($0, steps: 2) },
        "confirmation": { try checkout($0, steps: 3) },
    ]

    /// What the coordinators do to get back to home first, from each logged-in state.
    private static let returningHome: [String: [String]] = [
        "home": [],
        "profile": ["MainCoordinator: popToRoot"],
        "settings": ["MainCoordinator: popToRoot"],
        "cart": ["MainCoordinator: dismiss", "MainCoordinator: update(home)"],
        "address": ["MainCoordinator: dismiss", "MainCoordinator: update(home)"],
        "payment": ["MainCoordinator: dismiss", "MainCoordinator: update(home)"],
        "confirmation": ["MainCoordinator: dismiss", "MainCoordinator: update(home)"],
    ]

    /// Then what each link shows on home.
    private static let following: [String: (calls: [String], stack: [String], tree: String)] = [
        "/home": ([], ["home:root"], "AppCoordinator[MainCoordinator]"),
        "/profile": (
            ["ProfileCoordinator: push(profile)"], ["home:root", "profile:push"],
            "AppCoordinator[MainCoordinator[ProfileCoordinator]]"
        ),
        "/settings": (
            ["SettingsCoordinator: push(settings)"], ["home:root", "settings:push"],
            "AppCoordinator[MainCoordinator[SettingsCoordinator]]"
        ),
        "/checkout": (
            ["CheckoutCoordinator: present(cart, sheet)"], ["home:root", "cart:sheet"],
            "AppCoordinator[MainCoordinator[CheckoutCoordinator]]"
        ),
    ]

    @Test(arguments: ["home", "profile", "settings", "cart", "address", "payment", "confirmation"], links)
    func loggedInLinksStartFromHome(state: String, link: String) throws {
        let flow = try Self.session(in: state)
        let calls = try flow.open(link)
        let expected = try #require(Self.following[link])
        #expect(calls == Self.returningHome[state]! + expected.calls)
        #expect(flow.stack == expected.stack)
        #expect(flow.tree == expected.tree)
        #expect(flow.session.pendingLink == nil)
        // Leaving a checkout by a link is how it ended: dismissed.
        if state == "cart" || state == "confirmation" {
            #expect(flow.params("home")?["lastCheckout"] == "dismissed")
        }
    }

    @Test(arguments: ["welcome", "features", "login", "forgotPassword"], links)
    func beforeLoginEveryLinkIsHeldWithoutARouterCall(state: String, link: String) throws {
        let flow = try Self.session(in: state)
        let stack = flow.stack
        let calls = try flow.open(link)
        #expect(calls == [])
        #expect(flow.stack == stack)
        #expect(flow.session.pendingLink == link)
        let document = try JSONParser.parse(flow.session.document())
        #expect(document["pendingLink"]?.stringValue == link)
    }

    @Test func malformedAndUnknownLinksAreRefusedAndChangeNothing() throws {
        let flow = try Self.session(in: "home")
        let before = (flow.version, flow.session.document(), flow.session.acceptedEvents)
        let unknown = try #require(throws: NavigationError.self) { try flow.open("/rates/USD") }
        #expect(unknown.kind == .unknownLink)
        #expect(unknown.linkPatterns == ["/home", "/profile", "/settings", "/checkout"])
        for malformed in ["home", "/a/../home", "/%00", "/%zz", "/%FF", "/home?x=1", "/%2Fhome", String(repeating: "/a", count: 300)] {
            let error = try #require(throws: NavigationError.self, "\(malformed)") { try flow.open(malformed) }
            #expect(error.kind == .invalidLink, "\(malformed)")
        }
        #expect(before == (flow.version, flow.session.document(), flow.session.acceptedEvents))
    }

    @Test func aTrailingSlashAndEscapedLettersNameTheSameLink() throws {
        let flow = try Self.session(in: "home")
        #expect(try flow.open("/profile/") == ["ProfileCoordinator: push(profile)"])
        #expect(try flow.open("/%73ettings") == ["MainCoordinator: popToRoot", "SettingsCoordinator: push(settings)"])
    }

    // MARK: - Helpers

    static func login(_ flow: FlowSession) throws {
        try flow.send("skip", on: "welcome")
        try flow.send("login", on: "login", ["username": "ada", "password": "pw"])
    }

    static func checkout(_ flow: FlowSession, steps: Int) throws {
        try login(flow)
        try flow.send("checkout", on: "home")
        if steps > 0 { try flow.send("next", on: "cart") }
        if steps > 1 { try flow.send("next", on: "address", ["street": "1 Main St"]) }
        if steps > 2 { try flow.send("pay", on: "payment", ["card": "4242"]) }
    }

    private static func session(in state: String) throws -> FlowSession {
        let flow = try FlowSession.app(recording: true)
        let reach = try #require(states[state])
        try reach(flow)
        return flow
    }
}
