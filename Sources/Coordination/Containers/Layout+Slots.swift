extension Layout {
    /// The stack `slot` names in this layout, as a full position: the tab
    /// (the selected one when the slot names none) and the column (the
    /// primary one when the slot names none and the place is a split view).
    func resolve(_ slot: NavigationSlot) throws(RouterMisuse) -> NavigationSlot {
        switch self {
        case .stack:
            if let tab = slot.tab { throw .noTabBar(tab: tab) }
            if slot.column != nil { throw .noSplitView(slot.description) }
            return .main
        case .split:
            if let tab = slot.tab { throw .noTabBar(tab: tab) }
            return NavigationSlot(column: slot.column ?? .primary)
        case .tabs(let selected, let tabs):
            let id = slot.tab ?? selected
            guard let tab = tabs.first(where: { $0.item.id == id }) else { throw .unknownTab(id) }
            do {
                let inner = try tab.layout.resolve(NavigationSlot(column: slot.column))
                return NavigationSlot(tab: id, column: inner.column)
            } catch .noSplitView {
                throw .noSplitView(slot.description)
            }
        }
    }

    /// The stack at a position ``resolve(_:)`` returned.
    func entries(at position: NavigationSlot) -> [NavigationStack.Entry] {
        switch self {
        case .stack(let entries): entries
        case .split(let primary, let secondary): position.column == .secondary ? secondary : primary
        case .tabs(_, let tabs):
            tabs.first { $0.item.id == position.tab }?.layout.entries(at: NavigationSlot(column: position.column)) ?? []
        }
    }

    /// Replaces the stack at a position ``resolve(_:)`` returned.
    mutating func replace(at position: NavigationSlot, with entries: [NavigationStack.Entry]) {
        switch self {
        case .stack:
            self = .stack(entries)
        case .split(let primary, let secondary):
            self =
                position.column == .secondary
                ? .split(primary: primary, secondary: entries) : .split(primary: entries, secondary: secondary)
        case .tabs(let selected, var tabs):
            guard let index = tabs.firstIndex(where: { $0.item.id == position.tab }) else { return }
            tabs[index].layout.replace(at: NavigationSlot(column: position.column), with: entries)
            self = .tabs(selected: selected, tabs: tabs)
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
