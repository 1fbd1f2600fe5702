import Coordination

/// The links of `app`, typed: what AppCoordinator and MainCoordinator
/// `switch` over, the way an iOS app turns a universal link into its
/// `Route` enum before any coordinator sees it.
enum AppRoute: DeepLinkRoute, Equatable {
    case home
    case profile
    case settings
    case checkout

    static let patterns = [
        LinkPattern("/home", description: "Home, with any modal dismissed and pushed screens popped."),
        LinkPattern("/profile", description: "The user's profile, pushed on home."),
        LinkPattern("/settings", description: "Settings, pushed on home."),
        LinkPattern("/checkout", description: "The checkout sheet at its cart, presented on home."),
    ]

    init(link: DeepLink) throws(LinkRejection) {
        switch link.pattern {
        case "/profile": self = .profile
        case "/settings": self = .settings
        case "/checkout": self = .checkout
        default: self = .home
        }
    }
}
