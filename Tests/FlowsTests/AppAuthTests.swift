import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// `app`: login (MVVM-C), password reset, and Auth's typed output reaching App.
@Suite("app: login", .timeLimit(.minutes(10)), .hangGuard)
struct AppAuthTests {
    private func login() throws -> FlowSession { try .app(onboarded: true) }

    // MARK: - Validation

    @Test(arguments: [
        ("", "secret", "Enter your username."),
        ("ada", "", "Enter your password."),
        ("", "", "Enter your username and password."),
        // A password is a secret: only its emptiness is tested.
        ("  ", "", "Enter your username and password."),
        ("  ", "\t", "Enter your username."),
    ])
    func missingInputStaysOnLoginAndSaysWhatIsMissing(username: String, password: String, error: String) throws {
        let app = try login()
        let calls = try app.send("login", on: "login", ["username": .string(username), "password": .string(password)])
        #expect(calls == ["AuthCoordinator: update(login)"])
        #expect(app.stack == ["login:root"])
        #expect(app.params("login")?["username"] == .string(username))
        #expect(app.params("login")?["error"] == .string(error))
        #expect(app.tree == "AppCoordinator[AuthCoordinator]")
        #expect(app.store[.token] == nil)
    }

    @Test func loginPayloadIsChecked() throws {
        let app = try login()
        let error = app.refusal("login", on: "login", ["username": "ada"])
        #expect(error?.kind == .invalidPayload)
        #expect(error?.fieldProblems == [FieldProblem(field: "password", message: "is required (string)")])
    }

    // MARK: - Typed output

    @Test func validLoginHandsTheUserToAppWhichSavesATokenAndShowsHome() throws {
        let app = try login()
        let calls = try app.send("login", on: "login", ["username": "ada", "password": "secret"])
        // Signing in shows on the login screen; the service's answer shows home.
        #expect(calls == ["AuthCoordinator: update(login)", "MainCoordinator: setRoot(home)"])
        #expect(app.version == 3)
        #expect(app.stack == ["home:root"])
        #expect(app.tree == "AppCoordinator[MainCoordinator]")
        #expect(app.store[.token] == "token-ada")
        #expect(app.store[.username] == "ada")
        #expect(app.params("home") == ["username": "ada", "lastCheckout": nil])
    }

    @Test func loginAfterAnErrorStillWorks() throws {
        let app = try login()
        try app.send("login", on: "login", ["username": "", "password": "secret"])
        try app.send("login", on: "login", ["username": "ada", "password": "secret"])
        #expect(app.stack == ["home:root"])
        // The refused login, the login, and the service's answer.
        #expect(app.version == 4)
    }

    // MARK: - Forgot password

    @Test func forgotPasswordPushesAndSubmitPopsWithANotice() throws {
        let app = try login()
        #expect(try app.send("forgotPassword", on: "login") == ["AuthCoordinator: push(forgotPassword)"])
        #expect(try app.acceptedEvents == ["submit", "back"])

        let calls = try app.send("submit", on: "forgotPassword", ["email": "ada@example.com"])
        #expect(calls == ["AuthCoordinator: pop", "AuthCoordinator: update(login)"])
        #expect(app.stack == ["login:root"])
        #expect(app.params("login")?["notice"] == "If an account exists for ada@example.com, a reset link is on its way.")
        #expect(app.tree == "AppCoordinator[AuthCoordinator]")
    }

    @Test func submitWithoutAnEmailStaysAndSaysSo() throws {
        let app = try login()
        try app.send("forgotPassword", on: "login")
        #expect(try app.send("submit", on: "forgotPassword", ["email": " "]) == ["AuthCoordinator: update(forgotPassword)"])
        #expect(app.params("forgotPassword") == ["error": "Enter your email."])
        #expect(app.stack == ["login:root", "forgotPassword:push"])
    }

    @Test func backFromForgotPasswordKeepsLogin() throws {
        let app = try login()
        try app.send("forgotPassword", on: "login")
        #expect(try app.send("back", on: "forgotPassword") == ["AuthCoordinator: pop [user]"])
        #expect(app.stack == ["login:root"])
        #expect(app.params("login")?["notice"] == .null)
        #expect(app.tree == "AppCoordinator[AuthCoordinator]")
    }

    @Test func anErrorReplacesTheNoticeAndANoticeReplacesTheError() throws {
        let app = try login()
        try app.send("login", on: "login", ["username": "", "password": ""])
        try app.send("forgotPassword", on: "login")
        try app.send("submit", on: "forgotPassword", ["email": "a@b.c"])
        #expect(app.params("login")?["notice"]?.stringValue?.hasPrefix("If an account exists for a@b.c") == true)
        #expect(app.params("login")?["error"] == .null)
        try app.send("login", on: "login", ["username": "", "password": "x"])
        #expect(app.params("login")?["error"] == "Enter your username.")
        #expect(app.params("login")?["notice"] == .null)
    }

    /// The login params start as `{username, error: null, notice: null}`; a
    /// client should be able to rely on that shape after every change.
    @Test func loginParamsKeepTheirMembers() throws {
        let app = try login()
        try app.send("login", on: "login", ["username": "", "password": ""])
        try app.send("forgotPassword", on: "login")
        try app.send("submit", on: "forgotPassword", ["email": "a@b.c"])
        let afterNotice = try #require(app.params("login"))
        try app.send("login", on: "login", ["username": "", "password": "x"])
        let afterError = try #require(app.params("login"))
        #expect(afterNotice.keys == ["username", "error", "notice", "signingIn"])
        #expect(
            afterNotice == [
                "username": "", "error": nil,
                "notice": "If an account exists for a@b.c, a reset link is on its way.", "signingIn": false,
            ])
        #expect(afterError.keys == ["username", "error", "notice", "signingIn"])
        #expect(afterError == ["username": "", "error": "Enter your username.", "notice": nil, "signingIn": false])
    }
}

/// One sign-in at a time: while `auth.login` is under way, a second `login`
/// (from another client of the session) is refused and asks the service nothing.
@Suite("app: one sign-in at a time", .timeLimit(.minutes(10)), .hangGuard)
struct AppSignInInFlightTests {
    @Test func aSecondLoginWhileTheFirstIsUnderWayIsRefused() throws {
        let session = try Session(id: "sign-in", flow: AppFlow.flow, context: ["onboarded": true])
        let login = ClientEvent(screen: "s1", event: "login", payload: ["username": "ada", "password": "pw"])
        try session.send(login)
        #expect(session.pendingEffects.map(\.name) == ["auth.login"])
        let refusal = try #require(throws: NavigationError.self) { try session.send(login) }
        #expect(refusal.kind == .eventRejected)
        #expect(session.pendingEffects.count == 1)
        #expect(session.version == 2)
        // Once the service has answered, the user may try again.
        try session.deliver(.failure(EffectFailure(.rejected, status: 401)), to: "e1")
        try session.send(login)
        #expect(session.pendingEffects.map(\.id) == ["e2"])
    }
}
