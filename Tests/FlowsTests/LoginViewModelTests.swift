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
        func showMain(for user: User) { calls.append("showMain(\(user.username))") }
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
        #expect(LoginViewModel().output == ["username": "", "error": nil, "notice": nil])
    }

    @Test(arguments: [
        ("", "pw", "Enter your username."),
        ("ada", "", "Enter your password."),
        (" ", "\n", "Enter your username and password."),
    ])
    func invalidInputSetsAnErrorAndDoesNotNavigate(username: String, password: String, error: String) {
        let (viewModel, navigation, outputs) = makeViewModel()
        viewModel.login(username: username, password: password)
        #expect(navigation.calls.isEmpty)
        #expect(viewModel.output == ["username": .string(username), "error": .string(error), "notice": nil])
        #expect(viewModel.output.keys == ["username", "error", "notice"])
        #expect(outputs() == [viewModel.output])
    }

    @Test func validInputAsksNavigationForMainWithTheUser() {
        let (viewModel, navigation, outputs) = makeViewModel()
        viewModel.login(username: "ada", password: "pw")
        #expect(navigation.calls == ["showMain(ada)"])
        #expect(outputs().isEmpty)
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
        #expect(viewModel.output == ["username": "", "error": "A username has at most 64 characters.", "notice": nil])
        #expect(viewModel.output.keys == ["username", "error", "notice"])
        #expect(outputs() == [viewModel.output])
    }

    @Test func anOverLongUsernameKeepsTheUsernameShownBefore() {
        let (viewModel, navigation, _) = makeViewModel()
        viewModel.login(username: "ada", password: "")
        viewModel.login(username: String(repeating: "a", count: 65), password: "pw")
        #expect(viewModel.output == ["username": "ada", "error": "A username has at most 64 characters.", "notice": nil])
        #expect(navigation.calls.isEmpty)
    }

    /// The limit is in characters as the user counts them, not bytes.
    @Test(arguments: [String(repeating: "a", count: 64), String(repeating: "é", count: 64), String(repeating: "👍🏽", count: 64)])
    func aUsernameOfSixtyFourCharactersIsAccepted(username: String) {
        let (viewModel, navigation, _) = makeViewModel()
        viewModel.login(username: username, password: "pw")
        #expect(navigation.calls == ["showMain(\(username))"])
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
        #expect(viewModel.output == ["username": "", "error": nil, "notice": "Check your mail."])
        #expect(viewModel.output.keys == ["username", "error", "notice"])
        #expect(outputs().count == 2)
        #expect(navigation.calls.isEmpty)
    }

    @Test func anErrorReplacesTheNoticeAndKeepsItAsNull() {
        let (viewModel, navigation, outputs) = makeViewModel()
        viewModel.showNotice("Check your mail.")
        viewModel.login(username: "ada", password: "")
        #expect(viewModel.output == ["username": "ada", "error": "Enter your password.", "notice": nil])
        #expect(viewModel.output.keys == ["username", "error", "notice"])
        #expect(outputs().map(\.keys) == [["username", "error", "notice"], ["username", "error", "notice"]])
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
