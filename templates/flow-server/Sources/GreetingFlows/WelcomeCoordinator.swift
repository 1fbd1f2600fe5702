import Coordination

extension GreetingFlow {
    /// The `welcome` screen, the root of the stack. It never shows the
    /// greeting itself: it reports the name, and the root decides what comes next.
    final class WelcomeCoordinator: Coordinator {
        /// Declared once: every session's welcome screen shares them.
        private static let greetFields: EventFields = [
            "name": .string(maxBytes: 64).label("Your name"),
            "language": Language.field,
        ]

        var onGreet: ((String, Language) -> Void)?
        /// Weak: the stack owns the screen.
        private weak var welcome: Screen?

        override func start() {
            let welcome = Screen("welcome", title: "Welcome", params: ["lastGreeted": nil])
            welcome.on("greet", label: "Say hello", role: .primary, fields: Self.greetFields) { [unowned self] payload in
                let name = payload.string("name")
                // A refusal is a 422 with this text; the session is unchanged.
                guard !name.allSatisfy(\.isWhitespace) else { throw EventRejection("enter a name to greet") }
                // The field accepts only the languages' values: this never falls back.
                onGreet?(name, Language(rawValue: payload.string("language")) ?? .en)
            }
            self.welcome = welcome
            router.setRoot(welcome)
        }

        /// Shows who was greeted last.
        func showLastGreeted(_ name: String) {
            guard let welcome, !isFinished else { return }
            router.update(welcome, "lastGreeted", to: .string(name))
        }
    }
}
