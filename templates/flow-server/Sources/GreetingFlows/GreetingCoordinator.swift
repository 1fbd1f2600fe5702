import Coordination

extension GreetingFlow {
    /// Pushes `greeting` for one name. `changeLanguage` presents the
    /// `languages` sheet; `choose` dismisses it and greets again in the
    /// chosen language. The user's `dismiss` closes the sheet and changes
    /// nothing; their `back` pops the greeting and, with no screen left,
    /// this coordinator is finished.
    final class GreetingCoordinator: Coordinator {
        private static let chooseFields: EventFields = ["language": Language.field]

        let name: String
        private var language: Language

        init(environment: CoordinatorEnvironment, name: String, language: Language) {
            self.name = name
            self.language = language
            super.init(environment: environment)
        }

        override func start() {
            let greeting = Screen("greeting", title: name, params: params)
            greeting.on("changeLanguage", label: "Change language") { [unowned self, unowned greeting] _ in
                showLanguages(for: greeting)
            }
            router.push(greeting)
        }

        private var params: JSONObject {
            ["name": .string(name), "language": .string(language.rawValue), "message": .string(language.greeting(for: name))]
        }

        private func showLanguages(for greeting: Screen) {
            let languages = Screen("languages", title: "Language", params: ["current": .string(language.rawValue)])
            languages.on("choose", label: "Choose", role: .primary, fields: Self.chooseFields) { [unowned self, unowned greeting] payload in
                language = Language(rawValue: payload.string("language")) ?? language
                router.dismiss()
                router.update(greeting, params: params)
            }
            router.present(languages, style: .sheet)
        }
    }
}
