import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// `app`: home and the children Main starts — profile and settings, both let
/// go by `finish()` itself when the user goes back — and logout (delegate
/// back to App).
@Suite("app: home, profile, settings, logout", .timeLimit(.minutes(10)), .hangGuard)
struct AppMainTests {
    /// Logged in as `ada` through the login screen: App c1, Main c3, home s2.
    private func home() throws -> FlowSession {
        let app = try FlowSession.app(onboarded: true)
        try app.send("login", on: "login", ["username": "ada", "password": "secret"])
        return app
    }

    // MARK: - Profile

    @Test func profileShowsTheUserFromTheStore() throws {
        let app = try home()
        #expect(try app.send("selectProfile", on: "home") == ["ProfileCoordinator: push(profile)"])
        #expect(app.stack == ["home:root", "profile:push"])
        #expect(app.params("profile") == ["username": "ada"])
        #expect(app.tree == "AppCoordinator[MainCoordinator[ProfileCoordinator]]")
        #expect(try app.acceptedEvents == ["back"])
    }

    @Test func backFromProfileFinishesAndRemovesIt() throws {
        let app = try home()
        try app.send("selectProfile", on: "home")
        let main = try #require(app.session.root.childCoordinators.first as? MainCoordinator)
        let profile = Weak(try #require(main.childCoordinators.first as? ProfileCoordinator))
        #expect(profile.object?.onFinish == nil)
        #expect(try app.send("back", on: "profile") == ["ProfileCoordinator: pop [user]"])
        #expect(main.childCoordinators.isEmpty)
        #expect(app.stack == ["home:root"])
        #expect(app.params("home") == ["username": "ada", "lastCheckout": nil])
        #expect(app.tree == "AppCoordinator[MainCoordinator]")
        #expect(profile.object == nil)
    }

    @Test func aTokenFromTheContextShowsNoUsername() throws {
        let app = try FlowSession.app(onboarded: true, token: "saved")
        try app.send("selectProfile", on: "home")
        #expect(app.params("profile") == ["username": nil])
    }

    // MARK: - Settings

    @Test func toggleNotificationsChangesParamsInPlace() throws {
        let app = try home()
        #expect(try app.send("openSettings", on: "home") == ["SettingsCoordinator: push(settings)"])
        #expect(app.params("settings") == ["notifications": true])
        #expect(try app.acceptedEvents == ["toggleNotifications", "back"])
        let settingsID = app.topScreen?.id

        #expect(try app.send("toggleNotifications", on: "settings") == ["SettingsCoordinator: update(settings)"])
        #expect(app.params("settings") == ["notifications": false])
        #expect(app.store[.notifications] == false)
        #expect(try app.send("toggleNotifications", on: "settings") == ["SettingsCoordinator: update(settings)"])
        #expect(app.params("settings") == ["notifications": true])
        #expect(app.stack == ["home:root", "settings:push"])
        #expect(app.topScreen?.id == settingsID)

        #expect(try app.send("back", on: "settings") == ["SettingsCoordinator: pop [user]"])
        #expect(app.tree == "AppCoordinator[MainCoordinator]")
    }

    @Test func settingsRemembersTheToggleInTheStore() throws {
        let app = try home()
        try app.send("openSettings", on: "home")
        try app.send("toggleNotifications", on: "settings")
        try app.send("back", on: "settings")
        try app.send("openSettings", on: "home")
        #expect(app.params("settings") == ["notifications": false])
    }

    // MARK: - Logout

    @Test func logoutClearsTheTokenFinishesMainAndShowsLogin() throws {
        let app = try home()
        let main = try #require(app.session.root.childCoordinators.first as? MainCoordinator)
        let weakMain = Weak(main)
        #expect(try app.send("logout", on: "home") == ["AuthCoordinator: setRoot(login)"])
        #expect(main.isFinished && main.childCoordinators.isEmpty)
        #expect(app.store[.token] == nil)
        #expect(app.store[.username] == nil)
        #expect(app.stack == ["login:root"])
        #expect(app.tree == "AppCoordinator[AuthCoordinator]")
        #expect(app.params("login") == ["username": "", "error": nil, "notice": nil, "signingIn": false])
        _ = consume main
        #expect(weakMain.object == nil)
    }

    @Test func logoutAfterVisitingEveryChildThenLoginAgain() throws {
        let app = try home()
        try app.send("selectProfile", on: "home")
        try app.send("back", on: "profile")
        try app.send("checkout", on: "home")
        try app.send("cancel", on: "cart")
        try app.send("logout", on: "home")
        #expect(
            try app.send("login", on: "login", ["username": "bob", "password": "pw"]) == [
                "AuthCoordinator: update(login)", "MainCoordinator: setRoot(home)",
            ])
        #expect(app.store[.token] == "token-bob")
        #expect(app.params("home") == ["username": "bob", "lastCheckout": nil])
        #expect(app.session.root.childCoordinators.map(\.id) == ["c7"])
    }

    @Test func logoutWithAContextTokenAlsoReturnsToLogin() throws {
        let app = try FlowSession.app(onboarded: true, token: "saved")
        try app.send("logout", on: "home")
        #expect(app.store[.token] == nil)
        #expect(app.tree == "AppCoordinator[AuthCoordinator]")
    }

    @Test func homeIsNotActiveWhileAChildShowsAScreen() throws {
        let app = try home()
        try app.send("openSettings", on: "home")
        let error = app.refusal("logout", on: "settings")
        #expect(error?.kind == .eventNotAccepted)
        #expect(error?.acceptedEvents == ["toggleNotifications", "back"])
        let stale = app.session
        let before = stale.document()
        #expect(throws: NavigationError.self) { try stale.send(ClientEvent(screen: "s2", event: "logout")) }
        #expect(stale.document() == before)
    }
}
