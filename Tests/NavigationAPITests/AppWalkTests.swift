import Coordination
import TestSupport
import Testing

@Suite("Walk: app", .timeLimit(.minutes(10)), .hangGuard)
struct AppWalkTests {
    @Test func onboardingLoginHomeProfileSettingsCheckoutLogout() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("app")

        // Onboarding.
        #expect(session.topName == "welcome")
        try client.apply("next", to: &session)
        #expect(session.stackNames == ["welcome", "features"])
        try client.apply("next", to: &session)
        #expect(session.topName == "login")
        #expect(!session.coordinatorTypes.contains("OnboardingCoordinator"))

        // Login, MVVM-C: invalid input stays on login with an error.
        try client.apply("login", ["username": "ada", "password": ""], to: &session)
        #expect(session.stackNames == ["login"])
        #expect(session.topParams?["error"]?.stringValue?.isEmpty == false)
        try client.apply("login", ["username": "ada", "password": "secret"], to: &session)
        #expect(session.stackNames == ["home"])
        #expect(session.coordinatorTypes == ["AppCoordinator", "MainCoordinator"])

        // Profile reads the user from the shared store.
        try client.apply("selectProfile", to: &session)
        #expect(session.stackNames == ["home", "profile"])
        #expect(session.topParams?["username"] == "ada")
        #expect(session.coordinatorTypes.contains("ProfileCoordinator"))
        try client.apply("back", to: &session)
        #expect(session.stackNames == ["home"])
        #expect(!session.coordinatorTypes.contains("ProfileCoordinator"))

        // Settings change in place.
        try client.apply("openSettings", to: &session)
        #expect(session.topName == "settings")
        let before = try #require(session.topParams?["notifications"]?.boolValue as Bool?)
        try client.apply("toggleNotifications", to: &session)
        #expect(session.topParams?["notifications"]?.boolValue == !before)
        #expect(session.stackNames == ["home", "settings"])
        try client.apply("back", to: &session)
        #expect(session.stackNames == ["home"])
        #expect(session.coordinatorTypes == ["AppCoordinator", "MainCoordinator"])

        // Checkout, all the way through.
        try client.apply("checkout", to: &session)
        #expect(session.stackNames == ["home", "cart"])
        #expect(session.top?["presentation"] == "sheet")
        #expect(session.coordinatorTypes.contains("CheckoutCoordinator"))
        try client.apply("next", to: &session)
        #expect(session.topName == "address")
        #expect(session.top?["presentation"] == "push")
        try client.apply("next", ["street": "1 Infinite Loop"], to: &session)
        #expect(session.topName == "payment")
        try client.apply("pay", ["card": "4242 4242 4242 4242"], to: &session)
        #expect(session.topName == "confirmation")
        #expect(session.topParams?["street"] == "1 Infinite Loop")
        #expect(session.topEvents == ["done"])
        try client.apply("done", to: &session)
        #expect(session.stackNames == ["home"])
        #expect(session.coordinatorTypes == ["AppCoordinator", "MainCoordinator"])

        // Checkout, dismissed by the user.
        try client.apply("checkout", to: &session)
        #expect(session.topEvents.contains("dismiss"))
        try client.apply("dismiss", to: &session)
        #expect(session.stackNames == ["home"])
        #expect(session.coordinatorTypes == ["AppCoordinator", "MainCoordinator"])

        // Logout.
        try client.apply("logout", to: &session)
        #expect(session.stackNames == ["login"])
        #expect(session.coordinatorTypes == ["AppCoordinator", "AuthCoordinator"])
        #expect(try client.request("GET", session.path).json == session.document)
    }
}
