import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// MVVM-C: the login view model validates and asks navigation to move on
/// through `AuthNavigation`, never touching a router or a screen.
@Suite("LoginViewModel", .timeLimit(.minutes(10)), .hangGuard)
struct LoginViewModelTests {
    private final class FakeNavigation: AuthNavigation {
        var calls: [String] = []
        func signIn(username: String, password: String) { calls.append("signIn(\(username))") }
        func showForgotPassword() { calls.append("showForgotPassword") }
    }

    /// A view model wired to a fake navigation, and the outputs it published.
    private func makeViewModel() -> (LoginViewModel, FakeNavigation, () -> [JSONObject]) {
        let viewModel = LoginViewModel()
        let navigation = FakeNavigation()
        viewModel.navigation = navigation
        var outputs: [JSONObject] = []
        viewModel.onOutputChange = { outputs.append($0) }
        return (viewModel, navigation, { outputs })
    }

    @Test func startsEmpty() {
        #expect(LoginViewModel().output == ["username": "", "error": nil, "notice": nil, "signingIn": false])
    }

    @Test(arguments: [
        ("", "pw", "Enter your username."),
        ("ada", "", "Enter your password."),
        (" ", "", "Enter your username and password."),
        // Only a password's emptiness is tested: it is a secret field.
        (" ", "\n", "Enter your username."),
    ])
    func invalidInputSetsAnErrorAndDoesNotNavigate(username: String, password: String, error: String) {
        let (viewModel, navigation, outputs) = makeViewModel()
        viewModel.login(username: username, password: password)
        #expect(navigation.calls.isEmpty)
        #expect(viewModel.output == ["username": .string(username), "error": .string(error), "notice": nil, "signingIn": false])
        #expect(viewModel.output.keys == ["username", "error", "notice", "signingIn"])
        #expect(outputs() == [viewModel.output])
    }

    @Test func validInputShowsSigningInAndAsksNavigationToSignIn() {
        let (viewModel, navigation, outputs) = makeViewModel()
        viewModel.login(username: "ada", password: "pw")
        #expect(navigation.calls == ["signIn(ada)"])
        #expect(outputs() == [["username": "ada", "error": nil, "notice": nil, "signingIn": true]])
    }

    @Test func aFailedSignInSaysWhyAndLetsTheUserTryAgain() {
        let (viewModel, _, _) = makeViewModel()
        viewModel.login(username: "ada", password: "pw")
        viewModel.signInFailed("Wrong username or password.")
        #expect(viewModel.output == ["username": "ada", "error": "Wrong username or password.", "notice": nil, "signingIn": false])
    }

    @Test func theMessageOfEachFailureIsForAPerson() {
        let message = LoginViewModel.message(for:)
        #expect(message(EffectFailure(.rejected, status: 401)) == "Wrong username or password.")
        #expect(message(EffectFailure(.rejected, reason: "Your account is locked.", status: 403)) == "Your account is locked.")
        #expect(message(EffectFailure(.unavailable)) == "The sign-in service is unavailable. Try again in a moment.")
        #expect(message(EffectFailure(.timedOut)) == "The sign-in service is unavailable. Try again in a moment.")
        #expect(message(EffectFailure(.interrupted)) == "Signing in was interrupted. Try again.")
    }

    /// An over-long username is refused with an error and not echoed back:
    /// the screen's params, which the session keeps, never hold it.
    @Test(arguments: [
        (String(repeating: "a", count: 65), "pw"),
        (String(repeating: "a", count: 1000), ""),
        (String(repeating: " ", count: 65), ""),
    ])
    func anOverLongUsernameSetsAnErrorAndIsNotStored(username: String, password: String) {
        let (viewModel, navigation, outputs) = makeViewModel()
        viewModel.login(username: username, password: password)
        #expect(navigation.calls.isEmpty)
        #expect(viewModel.output == ["username": "", "error": "A username has at most 64 characters.", "notice": nil, "signingIn": false])
        #expect(viewModel.output.keys == ["username", "error", "notice", "signingIn"])
        #expect(outputs() == [viewModel.output])
    }

    @Test func anOverLongUsernameKeepsTheUsernameShownBefore() {
        let (viewModel, navigation, _) = makeViewModel()
        viewModel.login(username: "ada", password: "")
        viewModel.login(username: String(repeating: "a", count: 65), password: "pw")
        #expect(
            viewModel.output == ["username": "ada", "error": "A username has at most 64 characters.", "notice": nil, "signingIn": false])
        #expect(navigation.calls.isEmpty)
    }

    /// The limit is in characters as the user counts them, not bytes.
    @Test(arguments: [String(repeating: "a", count: 64), String(repeating: "é", count: 64), String(repeating: "👍🏽", count: 64)])
    func aUsernameOfSixtyFourCharactersIsAccepted(username: String) {
        let (viewModel, navigation, _) = makeViewModel()
        viewModel.login(username: username, password: "pw")
        #expect(navigation.calls == ["signIn(\(username))"])
    }

    @Test func forgotPasswordAsksNavigation() {
        let (viewModel, navigation, _) = makeViewModel()
        viewModel.forgotPassword()
        #expect(navigation.calls == ["showForgotPassword"])
    }

    @Test func aNoticeReplacesTheError() {
        let (viewModel, navigation, outputs) = makeViewModel()
        viewModel.login(username: "", password: "")
        viewModel.showNotice("Check your mail.")
        #expect(viewModel.output == ["username": "", "error": nil, "notice": "Check your mail.", "signingIn": false])
        #expect(viewModel.output.keys == ["username", "error", "notice", "signingIn"])
        #expect(outputs().count == 2)
        #expect(navigation.calls.isEmpty)
    }

    @Test func anErrorReplacesTheNoticeAndKeepsItAsNull() {
        let (viewModel, navigation, outputs) = makeViewModel()
        viewModel.showNotice("Check your mail.")
        viewModel.login(username: "ada", password: "")
        #expect(viewModel.output == ["username": "ada", "error": "Enter your password.", "notice": nil, "signingIn": false])
        #expect(viewModel.output.keys == ["username", "error", "notice", "signingIn"])
        #expect(outputs().map(\.keys) == [["username", "error", "notice", "signingIn"], ["username", "error", "notice", "signingIn"]])
        #expect(navigation.calls.isEmpty)
    }

    @Test func navigationIsHeldWeakly() {
        let viewModel = LoginViewModel()
        do {
            let navigation = FakeNavigation()
            viewModel.navigation = navigation
        }
        #expect(viewModel.navigation == nil)
        viewModel.login(username: "ada", password: "pw")
    }
}
