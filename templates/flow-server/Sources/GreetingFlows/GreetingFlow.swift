import Coordination

/// `greeting`, the template's flow: small on purpose, and written the way
/// NavigationServer's built-in flows are (its docs/writing-flows.md).
///
/// `welcome` asks for a name and a language; `greet` pushes a `greeting` in
/// that language. On it, `changeLanguage` presents a `languages` sheet whose
/// `choose` dismisses it and greets again. The user's `back` pops the
/// greeting, which finishes its coordinator, and `welcome` then shows who
/// was greeted last.
///
/// Rename it to your first flow and grow it from here.
public enum GreetingFlow {
    public static let flow = Flow(
        name: "greeting",
        description: "Enter a name, read a greeting, and change its language in a sheet."
    ) { environment in
        AppCoordinator(environment: environment)
    }

    /// The languages a greeting is said in: the values of the `language` fields.
    enum Language: String, CaseIterable {
        case en, fr, es

        /// What a person reads for the value.
        var name: String {
            switch self {
            case .en: "English"
            case .fr: "French"
            case .es: "Spanish"
            }
        }

        func greeting(for name: String) -> String {
            switch self {
            case .en: "Hello, \(name)!"
            case .fr: "Bonjour, \(name) !"
            case .es: "¡Hola, \(name)!"
            }
        }

        /// A field offering every language by its name: a client draws a picker, and any
        /// other value is a 422 before a handler runs.
        static let field = EventField.string(oneOf: allCases.map { (value: $0.rawValue, label: $0.name) }).label("Language")
    }

    /// The root: starts `welcome`, and a greeting each time it asks for one.
    final class AppCoordinator: Coordinator {
        private weak var welcome: WelcomeCoordinator?

        override func start() {
            let welcome = WelcomeCoordinator(environment: environment)
            welcome.onGreet = { [unowned self] name, language in showGreeting(name: name, language: language) }
            self.welcome = welcome
            startChild(welcome)
        }

        private func showGreeting(name: String, language: Language) {
            let greeting = GreetingCoordinator(environment: environment, name: name, language: language)
            // Called when the greeting's coordinator finishes: after the user's `back`,
            // the session finishes a coordinator left without screens.
            greeting.onFinish = { [unowned self] _ in welcome?.showLastGreeted(name) }
            startChild(greeting)
        }
    }
}
