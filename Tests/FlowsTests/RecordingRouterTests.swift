import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// How iOS teams test navigation without UI: coordinators built by hand
/// over a recording router, their screens' handlers called directly, and the
/// order of router calls checked.
@Suite("Coordinators over a recording router", .timeLimit(.minutes(10)), .hangGuard)
struct RecordingRouterTests {
    // MARK: - Helpers

    /// Calls the handler of `event` on the top screen, as the engine would after validation.
    private func tap(_ event: String, _ payload: JSONObject = [:], in environment: CoordinatorEnvironment) throws {
        let screen = try #require(environment.navigation.stack.top?.screen)
        let declaration = try #require(screen.declaration(named: event), "'\(screen.name)' has no '\(event)'")
        try declaration.handler(EventPayload(payload))
        try environment.answerPendingEffects()
    }

    /// The calls made by `body` alone.
    private func calls(_ log: RouterCallLog, during body: () throws -> Void) rethrows -> [String] {
        log.removeAll()
        try body()
        return describe(log)
    }

    // MARK: - app

    @Test func appJourneyFromOnboardingToLogoutInRouterCalls() throws {
        let log = RouterCallLog()
        let environment = CoordinatorEnvironment(recordingInto: log)
        let app = AppCoordinator(environment: environment)
        app.start()
        try tap("next", in: environment)
        try tap("next", in: environment)
        try tap("login", ["username": "ada", "password": "pw"], in: environment)
        try tap("checkout", in: environment)
        try tap("next", in: environment)
        try tap("next", ["street": "1 Main St"], in: environment)
        try tap("pay", ["card": "4242"], in: environment)
        try tap("done", in: environment)
        try tap("logout", in: environment)

        #expect(
            describe(log) == [
                "OnboardingCoordinator: setRoot(welcome)",
                "OnboardingCoordinator: push(features)",
                "AuthCoordinator: setRoot(login)",
                "AuthCoordinator: update(login)",
                "MainCoordinator: setRoot(home)",
                "CheckoutCoordinator: present(cart, sheet)",
                "CheckoutCoordinator: push(address)",
                "CheckoutCoordinator: push(payment)",
                "CheckoutCoordinator: update(payment)",
                "CheckoutCoordinator: push(confirmation)",
                "CheckoutCoordinator: dismiss",
                "MainCoordinator: update(home)",
                "AuthCoordinator: setRoot(login)",
            ])
        #expect(app.childCoordinators.map(\.typeName) == ["AuthCoordinator"])
        #expect(environment.store[.onboarded] == true)
        #expect(environment.store[.token] == nil)
    }

    @Test func forgotPasswordInRouterCalls() throws {
        let log = RouterCallLog()
        let environment = CoordinatorEnvironment(recordingInto: log, context: ["onboarded": true])
        let app = AppCoordinator(environment: environment)
        app.start()
        #expect(
            try calls(log) {
                try tap("forgotPassword", in: environment)
                try tap("submit", ["email": ""], in: environment)
                try tap("submit", ["email": "ada@example.com"], in: environment)
            } == [
                "AuthCoordinator: push(forgotPassword)",
                "AuthCoordinator: update(forgotPassword)",
                "AuthCoordinator: pop",
                "AuthCoordinator: update(login)",
            ])
        #expect(app.childCoordinators.map(\.typeName) == ["AuthCoordinator"])
    }

    @Test func settingsToggleIsAnUpdateNotANavigation() throws {
        let log = RouterCallLog()
        let environment = CoordinatorEnvironment(recordingInto: log, context: ["onboarded": true, "token": "t"])
        let app = AppCoordinator(environment: environment)
        app.start()
        #expect(
            try calls(log) {
                try tap("openSettings", in: environment)
                try tap("toggleNotifications", in: environment)
            } == ["SettingsCoordinator: push(settings)", "SettingsCoordinator: update(settings)"])
        #expect(app.childCoordinators.first?.childCoordinators.map(\.typeName) == ["SettingsCoordinator"])
    }

    // MARK: - exchange

    @Test func exchangeInRouterCalls() throws {
        let log = RouterCallLog()
        let environment = CoordinatorEnvironment(recordingInto: log)
        let app = ExchangeFlow.AppCoordinator(environment: environment)
        app.start()
        try tap("select", ["code": "USD"], in: environment)
        try tap("convert", ["amount": 2], in: environment)
        #expect(environment.navigation.stack.top?.screen.params["result"] == 2761)
        try tap("close", in: environment)
        #expect(throws: EventRejection("unknown currency code 'XXX'; known codes: USD, EUR, JPY, GBP, CNY")) {
            try tap("select", ["code": "XXX"], in: environment)
        }

        #expect(
            describe(log) == [
                "RatesCoordinator: setRoot(rates)",
                "CalculatorCoordinator: push(calculator)",
                "CalculatorCoordinator: update(calculator)",
                "CalculatorCoordinator: pop",
                "RatesCoordinator: update(rates)",
            ])
        #expect(environment.navigation.stack.top?.screen.params["lastViewed"] == "USD")
        #expect(app.childCoordinators.map(\.typeName) == ["RatesCoordinator"])
    }
}
