import Testing
@testable import Coordination
@testable import Flows

/// Child to parent, each way the seeds name: delegates (Onboarding, Main,
/// Rates, Calculator), closures (Profile, Checkout) and a typed output (Auth).
@Suite("Child to parent: delegate, closure, typed output")
struct ReportingBackTests {
    // MARK: - Helpers

    private final class Spy: OnboardingCoordinatorDelegate, MainCoordinatorDelegate,
        RatesCoordinatorDelegate, CalculatorCoordinatorDelegate {
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
        #expect(spy.items == [ExchangeFlow.CurrencyRate(code: "EUR", rate: 1495.2)])
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

    @Test(arguments: ["selectProfile", "checkout"])
    func mainLetsProfileAndCheckoutGoThroughTheirOnFinishClosure(event: String) throws {
        let main = MainCoordinator(environment: environment)
        main.start()
        try tap(event, in: environment)
        let child = try #require(main.childCoordinators.first)
        let onFinish = try #require(child.onFinish)
        onFinish(child)
        #expect(main.childCoordinators.isEmpty)
        #expect(!child.isFinished)
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
