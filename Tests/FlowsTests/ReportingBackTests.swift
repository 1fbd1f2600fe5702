import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// Child to parent, each way the coordinator pattern has: delegates (Onboarding, Main,
/// Rates, Calculator), a closure (Checkout) and a typed output (Auth). A child
/// that reports nothing (Profile, Settings) is let go by `finish()` itself.
@Suite("Child to parent: delegate, closure, typed output", .timeLimit(.minutes(10)), .hangGuard)
struct ReportingBackTests {
    // MARK: - Helpers

    private final class Spy: OnboardingCoordinatorDelegate, MainCoordinatorDelegate,
        RatesCoordinatorDelegate, CalculatorCoordinatorDelegate
    {
        var calls: [String] = []
        var items: [ExchangeFlow.CurrencyRate] = []
        func onboardingCoordinatorDidFinish(_ coordinator: OnboardingCoordinator) {
            calls.append("onboardingDidFinish(\(coordinator.id) finished=\(coordinator.isFinished))")
        }
        func mainCoordinatorDidLogout(_ coordinator: MainCoordinator) {
            calls.append("mainDidLogout(\(coordinator.id))")
        }
        func ratesCoordinator(_ coordinator: ExchangeFlow.RatesCoordinator, didRequestDetailWith item: ExchangeFlow.CurrencyRate) {
            calls.append("didRequestDetail(\(item.code))")
            items.append(item)
        }
        func calculatorCoordinatorDidFinish(_ coordinator: ExchangeFlow.CalculatorCoordinator) {
            calls.append("calculatorDidFinish(\(coordinator.item.code))")
        }
    }

    private func tap(_ event: String, _ payload: JSONObject = [:], in environment: CoordinatorEnvironment) throws {
        let screen = try #require(environment.navigation.stack.top?.screen)
        try #require(screen.declaration(named: event)).handler(EventPayload(payload))
        try environment.answerPendingEffects()
    }

    private let environment = CoordinatorEnvironment()

    // MARK: - Delegates

    @Test(arguments: [["skip"], ["next", "next"], ["next", "skip"]])
    func onboardingTellsItsDelegateOnceWhenItFinishes(events: [String]) throws {
        let spy = Spy()
        let onboarding = OnboardingCoordinator(environment: environment)
        onboarding.delegate = spy
        onboarding.start()
        for event in events { try tap(event, in: environment) }
        onboarding.finish()
        #expect(spy.calls == ["onboardingDidFinish(c1 finished=true)"])
    }

    @Test func mainTellsItsDelegateOnLogoutAfterClearingTheToken() throws {
        let spy = Spy()
        environment.store[.token] = "t"
        let main = MainCoordinator(environment: environment)
        main.delegate = spy
        main.start()
        try tap("logout", in: environment)
        #expect(spy.calls == ["mainDidLogout(c1)"])
        #expect(environment.store[.token] == nil)
        #expect(!main.isFinished)
    }

    @Test func ratesAsksItsDelegateForTheDetailOfAKnownCode() throws {
        let spy = Spy()
        let rates = ExchangeFlow.RatesCoordinator(environment: environment)
        rates.delegate = spy
        rates.start()
        try tap("select", ["code": "EUR"], in: environment)
        #expect(throws: EventRejection.self) { try tap("select", ["code": "eur"], in: environment) }
        #expect(spy.items == [ExchangeFlow.CurrencyRate(code: "EUR", name: "Euro", rate: 1495.2)])
    }

    @Test func calculatorTellsItsDelegateAndIsLetGoByItsParent() throws {
        let spy = Spy()
        let host = Coordinator(environment: environment)
        host.router.setRoot(Screen("host"))
        let calculator = ExchangeFlow.CalculatorCoordinator(environment: environment, item: ExchangeFlow.rates[2])
        calculator.delegate = spy
        host.startChild(calculator)
        try tap("close", in: environment)
        #expect(spy.calls == ["calculatorDidFinish(JPY)"])
        #expect(host.childCoordinators.isEmpty)
        #expect(environment.navigation.stack.entries.map(\.screen.name) == ["host"])
    }

    // MARK: - Closures

    /// `done` after every step, or `cancel` on the cart: checkout's own ways out.
    @Test(
        arguments: [
            ([("checkout", [:]), ("cancel", [:])], "cancelled"),
            (
                [("checkout", [:]), ("next", [:]), ("next", ["street": "1 Main St"]), ("pay", ["card": "4242"]), ("done", [:])],
                "completed"
            ),
        ] as [([(String, JSONObject)], String)])
    func mainHearsHowCheckoutEndedThroughItsOnFinishClosure(events: [(String, JSONObject)], outcome: String) throws {
        let main = MainCoordinator(environment: environment)
        main.start()
        let home = try #require(environment.navigation.stack.top?.screen)
        #expect(home.params == ["username": nil, "lastCheckout": nil])
        try tap(events[0].0, in: environment)
        let checkout = try #require(main.childCoordinators.first as? CheckoutCoordinator)
        #expect(checkout.onFinish != nil)
        for (event, payload) in events.dropFirst() { try tap(event, payload, in: environment) }

        #expect(checkout.isFinished)
        #expect(checkout.outcome.rawValue == outcome)
        #expect(checkout.onFinish == nil)
        #expect(main.childCoordinators.isEmpty && checkout.parentCoordinator == nil)
        #expect(environment.navigation.stack.entries.map(\.screen.name) == ["home"])
        #expect(home.params == ["username": nil, "lastCheckout": .string(outcome)])
        #expect(
            environment.navigation.history.entries.suffix(2).map { "\($0.operation.rawValue)(\($0.screen)) by \($0.coordinator)" }
                == ["dismiss(cart) by CheckoutCoordinator", "update(home) by MainCoordinator"])
    }

    /// The user's `dismiss`, as the session carries it out: the router closes
    /// the modal, then the coordinator left without screens is finished.
    @Test func aCheckoutTheUserDismissedIsReportedAsDismissed() throws {
        let main = MainCoordinator(environment: environment)
        main.start()
        let home = try #require(environment.navigation.stack.top?.screen)
        try tap("checkout", in: environment)
        try tap("next", in: environment)
        let checkout = try #require(main.childCoordinators.first as? CheckoutCoordinator)
        environment.navigation.dismiss(by: nil, animated: true)
        checkout.finish()
        #expect(checkout.outcome == .dismissed)
        #expect(main.childCoordinators.isEmpty)
        #expect(home.params == ["username": nil, "lastCheckout": "dismissed"])
    }

    /// Profile reports nothing: it has no closure, and once the user went back
    /// and it finished, it is out of Main's children all the same.
    @Test func profileHasNoClosureAndLeavesMainWhenItFinishes() throws {
        let main = MainCoordinator(environment: environment)
        main.start()
        let home = try #require(environment.navigation.stack.top?.screen)
        try tap("selectProfile", in: environment)
        let profile = try #require(main.childCoordinators.first as? ProfileCoordinator)
        #expect(profile.onFinish == nil)
        environment.navigation.pop(by: nil, animated: true)
        profile.finish()
        #expect(main.childCoordinators.isEmpty && profile.parentCoordinator == nil)
        #expect(home.params == ["username": nil, "lastCheckout": nil])
        #expect(environment.navigation.history.entries.last?.operation == .pop)
    }

    // MARK: - Typed output

    @Test func authFinishesWithTheUserAsItsOutput() throws {
        let auth = AuthCoordinator(environment: environment)
        var users: [User] = []
        auth.start { users.append($0) }
        try tap("login", ["username": "", "password": "pw"], in: environment)
        #expect(users.isEmpty && !auth.isFinished)
        try tap("login", ["username": "ada", "password": "pw"], in: environment)
        #expect(users == [User(username: "ada")])
        #expect(auth.isFinished)
    }

    @Test func appTurnsAuthsOutputIntoATokenAndMain() throws {
        let app = AppCoordinator(environment: CoordinatorEnvironment(context: ["onboarded": true]))
        app.start()
        let auth = try #require(app.childCoordinators.first as? AuthCoordinator)
        auth.finish(with: User(username: "grace"))
        #expect(app.store[.token] == "token-grace")
        #expect(app.store[.username] == "grace")
        #expect(app.childCoordinators.map(\.typeName) == ["MainCoordinator"])
    }
}
