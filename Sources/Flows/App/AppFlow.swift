import Coordination

/// `app`: onboarding, login, home, profile, settings and checkout.
///
/// Shows every idea of the coordinator pattern: the root choosing a flow from
/// app state, children kept and let go, delegate, closure and typed-output
/// reporting, a shared store standing in for the Keychain, and MVVM-C login.
public enum AppFlow {
    public static let flow = Flow(
        name: "app",
        description: "Onboarding, login, home, profile, settings and a checkout modal.",
        // 2: login and payment ask their services (effects); sessions
        // recorded by version 1 answer 410 flow-changed.
        version: 2,
        context: [
            ContextField(
                "onboarded", .boolean, default: false,
                description: "Whether the user has already seen onboarding."),
            ContextField(
                "token", .string, nullable: true, default: nil,
                description: "A saved session token; with one, login is skipped."),
        ],
        links: AppRoute.self
    ) { environment in
        AppCoordinator(environment: environment)
    }
}

/// The shared store's entries used by the `app` flow: its Keychain and UserDefaults.
extension StoreKey where Value == String {
    static let token = StoreKey("token")
    static let username = StoreKey("username")
}

extension StoreKey where Value == Bool {
    static let onboarded = StoreKey("onboarded")
    static let notifications = StoreKey("notifications")
}

/// The user Auth finishes with: its typed output.
struct User: Equatable {
    let username: String
}
