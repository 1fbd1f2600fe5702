/// What a gesture the platform already made looks like before the server confirms it.
///
/// The model shows these for at most one round trip: the server's answer
/// replaces them, or, when it refuses, the server's document comes back.
extension SessionDocument {
    /// The document with the screens `ids` taken off the stack and the layout (a pop or a dismiss).
    func removingScreens(_ ids: Set<String>) -> SessionDocument {
        var document = self
        document.stack.removeAll { ids.contains($0.id) }
        document.layout = layout.map { Self.removing(ids, from: $0) }
        return document
    }

    private static func removing(_ ids: Set<String>, from layout: Layout) -> Layout {
        switch layout {
        case .stack(let screens): .stack(screens.filter { !ids.contains($0.id) })
        case .split(let primary, let secondary):
            .split(primary: primary.filter { !ids.contains($0.id) }, secondary: secondary.filter { !ids.contains($0.id) })
        case .tabs(let selected, let tabs):
            .tabs(selected: selected, tabs: tabs.map { Tab(id: $0.id, title: $0.title, layout: removing(ids, from: $0.layout)) })
        case .unknown: layout
        }
    }

    /// The document with tab `id` selected: the layout says so, and the stack is that tab's screens under the modals.
    func selectingTab(_ id: String) -> SessionDocument {
        guard case .tabs(_, let tabs) = baseLayout, let tab = tabs.first(where: { $0.id == id }) else { return self }
        var document = self
        document.layout = .tabs(selected: id, tabs: tabs)
        let shown: [Screen] =
            switch tab.layout {
            case .stack(let screens): screens
            case .split(let primary, let secondary): primary + secondary
            case .tabs, .unknown: []
            }
        document.stack = shown + modals.flatMap(\.screens)
        return document
    }
}
