import Coordination

/// What the login view model may ask of navigation: MVVM-C's navigation
/// protocol. The view model never sees a router or a screen.
protocol AuthNavigation: AnyObject {
    func showMain(for user: User)
    func showForgotPassword()
}

/// The login screen's view model: validates input and, when it is valid,
/// asks navigation to move on. Its ``output`` is the screen's params.
final class LoginViewModel {
    weak var navigation: AuthNavigation?
    /// Called whenever ``output`` changes, so the coordinator can update the screen.
    var onOutputChange: ((JSONObject) -> Void)?

    private(set) var output: JSONObject = ["username": "", "error": nil, "notice": nil] {
        didSet { onOutputChange?(output) }
    }

    /// The longest username accepted, in characters as the user counts them.
    static let maxUsernameLength = 64

    func login(username: String, password: String) {
        // Checked first, so no branch echoes an over-long username into the
        // params, which the session would keep (and count) for its life.
        guard username.count <= Self.maxUsernameLength else {
            var updated = output
            updated["error"] = .string("A username has at most \(Self.maxUsernameLength) characters.")
            updated["notice"] = .null
            output = updated
            return
        }
        let missing = [("username", username), ("password", password)]
            .filter { $0.1.allSatisfy(\.isWhitespace) }
            .map(\.0)
        guard missing.isEmpty else {
            var updated = output
            updated["username"] = .string(username)
            updated["error"] = .string("Enter your \(missing.joined(separator: " and ")).")
            updated["notice"] = .null
            output = updated
            return
        }
        navigation?.showMain(for: User(username: username))
    }

    func forgotPassword() {
        navigation?.showForgotPassword()
    }

    /// Shown on the login screen after a reset link was requested.
    func showNotice(_ notice: String) {
        var updated = output
        updated["notice"] = .string(notice)
        updated["error"] = .null
        output = updated
    }
}
