import Coordination

/// Login and password reset. Finishes with a typed output, the ``User``.
final class AuthCoordinator: OutputCoordinator<User> {
    /// Declared once: every session's screens share them (``EventFields``).
    private static let loginFields: EventFields = ["username": .string, "password": .string(secret: true)]
    private static let submitFields: EventFields = [
        "email": .string.description("We send a link to reset your password to this address.")
    ]

    private let viewModel = LoginViewModel()
    private var login: Screen?

    override func start() {
        viewModel.navigation = self
        let login = Screen("login", title: "Sign in", params: viewModel.output)
            .on("login", label: "Sign in", role: .primary, fields: Self.loginFields) { [unowned self] payload in
                // One sign-in at a time: another client of the session must not ask the service twice.
                guard viewModel.output["signingIn"] != true else {
                    throw EventRejection("Signing in already: wait for the answer.")
                }
                viewModel.login(username: payload.string("username"), password: payload.string("password"))
            }
            .on("forgotPassword", label: "Forgot password?") { [unowned self] _ in viewModel.forgotPassword() }
        viewModel.onOutputChange = { [unowned self, unowned login] output in
            router.update(login, params: output)
        }
        self.login = login
        router.setRoot(login)
    }
}

extension AuthCoordinator: AuthNavigation {
    /// Asks the sign-in service (`auth.login`): a 2xx `{"user": {"name": …}}`
    /// logs in as that user; anything else keeps the login screen, saying why.
    func signIn(username: String, password: String) {
        let input: JSONValue = ["username": .string(username), "password": .string(password)]
        perform(Effect("auth.login", input: input)) { [unowned self] outcome in
            switch outcome {
            case .success(let answer):
                let name = answer["user"]?["name"]?.stringValue ?? username
                finish(with: User(username: name))
            case .failure(let failure):
                viewModel.signInFailed(LoginViewModel.message(for: failure))
            }
        }
    }

    func showForgotPassword() {
        let forgot = Screen("forgotPassword", title: "Reset password", params: ["error": nil])
        forgot.on("submit", label: "Send reset link", role: .primary, fields: Self.submitFields) { [unowned self, unowned forgot] payload in
            let email = payload.string("email")
            guard !email.allSatisfy(\.isWhitespace) else {
                router.update(forgot, "error", to: "Enter your email.")
                return
            }
            router.pop()
            viewModel.showNotice("If an account exists for \(email), a reset link is on its way.")
        }
        router.push(forgot)
    }
}
