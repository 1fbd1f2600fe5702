import NavigationClient

/// Small session documents built in code, for the tests that need no server.
enum DocumentFixtures {
    /// A screen named after its id unless given a name; a pushed screen takes `back`.
    static func screen(
        _ id: String, _ presentation: Presentation = .push, name: String? = nil, params: JSONObject = [:], events: [String]? = nil
    ) -> Screen {
        let defaultEvents: [String] =
            switch presentation {
            case .push: [EventDeclaration.back]
            case .sheet, .fullScreen: [EventDeclaration.dismiss]
            default: []
            }
        return Screen(
            id: id, name: name ?? id, presentation: presentation, coordinator: "c1", params: params,
            events: (events ?? defaultEvents).map { EventDeclaration(name: $0) })
    }

    /// A document without containers: `stack` as given, its layout the stack under the first modal.
    static func document(_ stack: [Screen], version: Int = 1) -> SessionDocument {
        SessionDocument(
            id: "0123456789abcdef0123456789abcdef", flow: "test", version: version, stack: stack,
            layout: .stack(Array(stack.prefix { !$0.presentation.isModal })))
    }

    /// A tab bar: tab `mail` a split view, tab `settings` one stack; the stack shows the selected tab, then `modals`.
    static func tabs(
        selected: String = "mail", primary: [Screen], secondary: [Screen], settings: [Screen], modals: [Screen] = [], version: Int = 1
    ) -> SessionDocument {
        let shown = selected == "mail" ? primary + secondary : settings
        return SessionDocument(
            id: "0123456789abcdef0123456789abcdef", flow: "mail", version: version, stack: shown + modals,
            layout: .tabs(
                selected: selected,
                tabs: [
                    Tab(id: "mail", title: "Mail", layout: .split(primary: primary, secondary: secondary)),
                    Tab(id: "settings", title: "Settings", layout: .stack(settings)),
                ]))
    }

    static func ids(_ screens: [Screen]) -> [String] { screens.map(\.id) }
}
