import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// The login hold of `app` (README.md#deep-links-a-link-held-until-login): a
/// link opened before login waits, through onboarding and failed logins, and is
/// followed right after login; a newer link replaces it; logout drops it; it
/// never shows a screen before login.
@Suite("app: a link waits for login", .timeLimit(.minutes(10)), .hangGuard)
struct LoginHoldTests {
    /// No screen of the logged-in app is on the stack.
    private func expectLoggedOut(_ flow: FlowSession, sourceLocation: SourceLocation = #_sourceLocation) {
        let shown = Set(flow.session.stack.entries.map(\.screen.name))
        #expect(shown.isDisjoint(with: ["home", "profile", "settings", "cart"]), "\(flow.stack)", sourceLocation: sourceLocation)
        #expect(!flow.tree.contains("MainCoordinator"), sourceLocation: sourceLocation)
    }

    @Test func heldThroughOnboardingAndAFailedLoginThenFollowedRightAfterLogin() throws {
        let flow = try FlowSession.app(recording: true)
        #expect(try flow.open("/profile") == [])
        #expect(flow.session.pendingLink == "/profile")
        expectLoggedOut(flow)

        try flow.send("next", on: "welcome")
        try flow.send("skip", on: "features")
        #expect(flow.session.pendingLink == "/profile")
        expectLoggedOut(flow)

        try flow.send("login", on: "login", ["username": "ada", "password": ""])
        #expect(flow.params("login")?["error"] != .null)
        #expect(flow.session.pendingLink == "/profile")
        expectLoggedOut(flow)

        let calls = try flow.send("login", on: "login", ["username": "ada", "password": "pw"])
        #expect(calls == ["AuthCoordinator: update(login)", "MainCoordinator: setRoot(home)", "ProfileCoordinator: push(profile)"])
        #expect(flow.stack == ["home:root", "profile:push"])
        #expect(flow.params("profile")?["username"] == "ada")
        #expect(flow.session.pendingLink == nil)
    }

    @Test func aNewerLinkReplacesTheHeldOne() throws {
        let flow = try FlowSession.app(onboarded: true)
        try flow.open("/profile")
        try flow.open("/checkout")
        #expect(flow.session.pendingLink == "/checkout")
        expectLoggedOut(flow)
        let calls = try flow.send("login", on: "login", ["username": "ada", "password": "pw"])
        #expect(calls == ["AuthCoordinator: update(login)", "MainCoordinator: setRoot(home)", "CheckoutCoordinator: present(cart, sheet)"])
        #expect(flow.stack == ["home:root", "cart:sheet"])
    }

    @Test func withASavedTokenTheLinkIsFollowedWhenOnboardingEnds() throws {
        let flow = try FlowSession.app(onboarded: false, token: "saved")
        try flow.open("/settings")
        expectLoggedOut(flow)
        let calls = try flow.send("skip", on: "welcome")
        #expect(calls == ["MainCoordinator: setRoot(home)", "SettingsCoordinator: push(settings)"])
        #expect(flow.session.pendingLink == nil)
    }

    @Test func logoutDropsTheLinkSoTheNextLoginShowsHome() throws {
        let flow = try FlowSession.app(onboarded: true)
        try flow.open("/settings")
        try flow.send("login", on: "login", ["username": "ada", "password": "pw"])
        try flow.send("back", on: "settings")
        try flow.send("logout", on: "home")
        #expect(flow.session.pendingLink == nil)
        expectLoggedOut(flow)
        let calls = try flow.send("login", on: "login", ["username": "bob", "password": "pw"])
        #expect(calls == ["AuthCoordinator: update(login)", "MainCoordinator: setRoot(home)"])
        #expect(flow.stack == ["home:root"])
    }

    @Test func replayAfterARestartRebuildsTheHeldLink() throws {
        let flow = try FlowSession.app()
        try flow.send("skip", on: "welcome")
        try flow.open("/checkout")
        let live = flow.session
        let restored = try Session(
            restoring: live.id, flow: live.flow, context: live.context, acceptedEvents: live.acceptedEvents, limits: live.limits)
        #expect(restored.pendingLink == "/checkout")
        #expect(restored.document() == live.document())
        let login = try #require(restored.stack.top?.screen.id)
        try restored.send(ClientEvent(screen: login, event: "login", payload: ["username": "ada", "password": "pw"]))
        let signIn = try #require(restored.pendingEffects.first)
        #expect(signIn.name == "auth.login")
        try restored.deliver(.success(["user": ["name": "ada"]]), to: signIn.id)
        #expect(restored.stack.entries.map(\.screen.name) == ["home", "cart"])
    }
}
