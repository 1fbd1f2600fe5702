extension Layout {
    /// Changes, in place, the stack `slot` names in this layout, and
    /// returns what `body` returns with the full position of that stack:
    /// its tab (the selected one when the slot names none) and its column
    /// (the primary one when the slot names none and the place is a split
    /// view). A slot naming a tab or a column the layout does not have
    /// throws.
    mutating func changeStack<Result>(
        for slot: NavigationSlot, _ body: (inout [NavigationStack.Entry]) throws(RouterMisuse) -> Result
    ) throws(RouterMisuse) -> (Result, NavigationSlot) {
        // Each case takes its arrays out of `self` first, so that they are
        // changed in place rather than copied.
        switch self {
        case .stack(var entries):
            if let tab = slot.tab { throw .noTabBar(tab: tab) }
            if slot.column != nil { throw .noSplitView(slot.description) }
            self = .stack([])
            defer { self = .stack(entries) }
            return (try body(&entries), .main)
        case .split(var primary, var secondary):
            if let tab = slot.tab { throw .noTabBar(tab: tab) }
            self = .stack([])
            defer { self = .split(primary: primary, secondary: secondary) }
            let column = slot.column ?? .primary
            let result = column == .secondary ? try body(&secondary) : try body(&primary)
            return (result, NavigationSlot(column: column))
        case .tabs(let selected, var tabs):
            let id = slot.tab ?? selected
            guard let index = tabs.firstIndex(where: { $0.item.id == id }) else { throw .unknownTab(id) }
            self = .stack([])
            defer { self = .tabs(selected: selected, tabs: tabs) }
            do {
                let (result, inner) = try tabs[index].layout.changeStack(for: NavigationSlot(column: slot.column), body)
                return (result, NavigationSlot(tab: id, column: inner.column))
            } catch .noSplitView {
                throw .noSplitView(slot.description)
            }
        }
    }

    /// Replaces what tab `id` shows: a stack, or a split view.
    mutating func replaceLayout(ofTab id: String, with layout: Layout) throws(RouterMisuse) {
        guard case .tabs(let selected, var tabs) = self else { throw .noTabBar(tab: id) }
        guard let index = tabs.firstIndex(where: { $0.item.id == id }) else { throw .unknownTab(id) }
        tabs[index].layout = layout
        self = .tabs(selected: selected, tabs: tabs)
    }

    /// Selects tab `id`.
    mutating func select(_ id: String) throws(RouterMisuse) {
        guard case .tabs(_, let tabs) = self else { throw .noTabBar(tab: id) }
        guard tabs.contains(where: { $0.item.id == id }) else { throw .unknownTab(id) }
        self = .tabs(selected: id, tabs: tabs)
    }

    /// The ids of the tab bar's tabs, in order (none without a tab bar).
    public var tabIDs: [String] {
        guard case .tabs(_, let tabs) = self else { return [] }
        return tabs.map(\.item.id)
    }

    /// The selected tab's id, with a tab bar.
    public var selectedTab: String? {
        guard case .tabs(let selected, _) = self else { return nil }
        return selected
    }
}

extension Layout {
    /// Where `screen` is in this layout: its tab and column, or nil.
    func position(of screen: Screen) -> NavigationSlot? {
        switch self {
        case .stack(let entries):
            return entries.contains { $0.screen === screen } ? .main : nil
        case .split(let primary, let secondary):
            if primary.contains(where: { $0.screen === screen }) { return NavigationSlot(column: .primary) }
            return secondary.contains { $0.screen === screen } ? NavigationSlot(column: .secondary) : nil
        case .tabs(_, let tabs):
            for tab in tabs {
                if let inner = tab.layout.position(of: screen) { return NavigationSlot(tab: tab.item.id, column: inner.column) }
            }
            return nil
        }
    }
}
