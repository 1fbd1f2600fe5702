import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// `app`: AppCoordinator picks onboarding, login or home from the context and
/// the store; onboarding reports to it through its delegate.
@Suite("app: start and onboarding", .timeLimit(.minutes(10)), .hangGuard)
struct AppStartAndOnboardingTests {
    // MARK: - Choosing the first flow

    @Test func freshContextStartsOnboarding() throws {
        let app = try FlowSession.app()
        #expect(app.calls(since: 0) == ["OnboardingCoordinator: setRoot(welcome)"])
        #expect(app.stack == ["welcome:root"])
        #expect(app.tree == "AppCoordinator[OnboardingCoordinator]")
        #expect(app.params("welcome") == ["title": "Welcome", "page": 1, "pages": 2])
        #expect(try app.acceptedEvents == ["next", "skip"])
    }

    @Test func onboardedStartsAtLogin() throws {
        let app = try FlowSession.app(onboarded: true)
        #expect(app.calls(since: 0) == ["AuthCoordinator: setRoot(login)"])
        #expect(app.tree == "AppCoordinator[AuthCoordinator]")
        #expect(app.params("login") == ["username": "", "error": nil, "notice": nil, "signingIn": false])
        #expect(try app.acceptedEvents == ["login", "forgotPassword"])
    }

    @Test func onboardedWithATokenStartsAtHome() throws {
        let app = try FlowSession.app(onboarded: true, token: "saved")
        #expect(app.calls(since: 0) == ["MainCoordinator: setRoot(home)"])
        #expect(app.tree == "AppCoordinator[MainCoordinator]")
        #expect(app.store[.token] == "saved")
        #expect(app.params("home") == ["username": nil, "lastCheckout": nil])
        #expect(try app.acceptedEvents == ["selectProfile", "openSettings", "checkout", "logout"])
    }

    @Test func defaultsApplyWhenTheContextIsLeftOut() throws {
        let app = try FlowSession(AppFlow.flow)
        #expect(app.session.context == ["onboarded": false, "token": nil])
        #expect(app.stack == ["welcome:root"])
    }

    @Test func aMistypedContextIsRefused() {
        let error = #expect(throws: NavigationError.self) { try FlowSession(AppFlow.flow, context: ["onboarded": 1]) }
        #expect(error?.kind == .invalidContext)
        #expect(error?.fieldProblems == [FieldProblem(field: "onboarded", message: "must be a boolean, not number")])
    }

    // MARK: - Onboarding

    @Test func nextPushesFeaturesAndBackReturnsToWelcome() throws {
        let app = try FlowSession.app()
        #expect(try app.send("next", on: "welcome") == ["OnboardingCoordinator: push(features)"])
        #expect(app.stack == ["welcome:root", "features:push"])
        #expect(try app.acceptedEvents == ["next", "skip", "back"])
        #expect(try app.send("back", on: "features") == ["OnboardingCoordinator: pop [user]"])
        #expect(app.stack == ["welcome:root"])
        #expect(app.tree == "AppCoordinator[OnboardingCoordinator]")
        #expect(app.version == 3)
    }

    @Test(arguments: [["skip"], ["next", "next"], ["next", "skip"]])
    func finishingOnboardingMovesOnToLogin(events: [String]) throws {
        let app = try FlowSession.app()
        var calls: [String] = []
        for (event, screen) in zip(events, ["welcome", "features"]) {
            calls = try app.send(event, on: screen)
        }
        #expect(calls == ["AuthCoordinator: setRoot(login)"])
        #expect(app.stack == ["login:root"])
        #expect(app.tree == "AppCoordinator[AuthCoordinator]")
        #expect(app.store[.onboarded] == true)
    }

    @Test func finishingOnboardingWithASavedTokenGoesHome() throws {
        let app = try FlowSession.app(onboarded: false, token: "saved")
        #expect(try app.send("skip", on: "welcome") == ["MainCoordinator: setRoot(home)"])
        #expect(app.tree == "AppCoordinator[MainCoordinator]")
    }

    @Test func welcomeHasNoBack() throws {
        let app = try FlowSession.app()
        let error = app.refusal("back", on: "welcome")
        #expect(error?.kind == .eventNotAccepted)
        #expect(error?.acceptedEvents == ["next", "skip"])
    }

    // MARK: - Ending

    /// Ending a session finishes the root and every descendant; nothing may
    /// navigate or start while the tree is torn down.
    @Test func endingDuringOnboardingStartsNothing() throws {
        let app = try FlowSession.app()
        let onboarding = try #require(app.session.root.childCoordinators.first as? OnboardingCoordinator)
        app.session.end()
        #expect(app.session.isFinished)
        #expect(onboarding.isFinished)
        #expect(app.calls(since: 0) == ["OnboardingCoordinator: setRoot(welcome)"])
        #expect(app.stack == ["welcome:root"])
        #expect(app.session.root.childCoordinators.isEmpty)
        #expect(app.store[.onboarded] == nil)
        #expect(app.version == 1)
        #expect(try app.acceptedEvents == [])
    }

    /// Checkout's closure tries to update home while the tree is torn down:
    /// the closed session ignores it.
    @Test func endingDuringCheckoutUpdatesNothing() throws {
        let app = try FlowSession.app(onboarded: true, token: "saved")
        try app.send("checkout", on: "home")
        try app.send("next", on: "cart")
        let history = app.session.historyDocument()
        app.session.end()
        #expect(app.session.isFinished)
        #expect(app.session.historyDocument() == history)
        #expect(app.stack == ["home:root", "cart:sheet", "address:push"])
        #expect(app.params("home") == ["username": nil, "lastCheckout": nil])
    }
}
