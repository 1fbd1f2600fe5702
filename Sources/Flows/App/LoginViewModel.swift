import Coordination

/// What the login view model may ask of navigation: MVVM-C's navigation
/// protocol. The view model never sees a router or a screen.
protocol AuthNavigation: AnyObject {
    /// Valid input: check it with the sign-in service, then move on.
    func signIn(username: String, password: String)
    func showForgotPassword()
}

/// The login screen's view model: validates input and, when it is valid,
/// asks navigation to move on. Its ``output`` is the screen's params.
final class LoginViewModel {
    weak var navigation: AuthNavigation?
    /// Called whenever ``output`` changes, so the coordinator can update the screen.
    var onOutputChange: ((JSONObject) -> Void)?

    private(set) var output: JSONObject = ["username": "", "error": nil, "notice": nil, "signingIn": false] {
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
        // The password is a secret field: a replay sees only whether it was
        // empty, so emptiness is all that may be tested.
        var missing = username.allSatisfy(\.isWhitespace) ? ["username"] : []
        if password.isEmpty { missing.append("password") }
        guard missing.isEmpty else {
            var updated = output
            updated["username"] = .string(username)
            updated["error"] = .string("Enter your \(missing.joined(separator: " and ")).")
            updated["notice"] = .null
            output = updated
            return
        }
        var updated = output
        updated["username"] = .string(username)
        updated["error"] = .null
        updated["notice"] = .null
        updated["signingIn"] = true
        output = updated
        navigation?.signIn(username: username, password: password)
    }

    /// The sign-in service refused or failed: say why, and let the user try again.
    func signInFailed(_ message: String) {
        var updated = output
        updated["error"] = .string(message)
        updated["signingIn"] = false
        output = updated
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

    /// What a person is told when the sign-in service answers `failure`:
    /// the service's reason for a refusal (401, 403), else that it is unavailable.
    static func message(for failure: EffectFailure) -> String {
        switch failure.kind {
        case .rejected where failure.status == 401 || failure.status == 403:
            failure.reason ?? "Wrong username or password."
        case .rejected:
            failure.reason ?? "The sign-in service refused the request."
        case .unavailable, .timedOut:
            "The sign-in service is unavailable. Try again in a moment."
        case .interrupted:
            "Signing in was interrupted. Try again."
        }
    }
}
