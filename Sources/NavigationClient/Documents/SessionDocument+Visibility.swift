extension SessionDocument {
    /// The layout under the modals; a document without one has its stack up to the first modal.
    public var baseLayout: Layout {
        switch layout {
        case .some(.unknown), .none: .stack(Array(stack.prefix { !$0.presentation.isModal }))
        case .some(let layout): layout
        }
    }

    /// The modals, lowest first.
    public var modals: [Modal] {
        var modals: [Modal] = []
        for screen in stack {
            if screen.presentation.isModal {
                modals.append(Modal(level: modals.count, screens: [screen]))
            } else if !modals.isEmpty {
                modals[modals.count - 1].screens.append(screen)
            }
        }
        return modals
    }

    /// The tab bar's tabs; empty without one.
    public var tabs: [Tab] {
        if case .tabs(_, let tabs) = baseLayout { return tabs }
        return []
    }

    /// The selected tab's id; `nil` without a tab bar.
    public var selectedTab: String? {
        if case .tabs(let selected, _) = baseLayout { return selected }
        return nil
    }

    /// Every slot, containers first (tabs in order, a split view's primary before its secondary), then the modals.
    public var slots: [Slot] {
        Self.slots(of: baseLayout, tab: nil) + modals.map { .modal($0.level) }
    }

    private static func slots(of layout: Layout, tab: String?) -> [Slot] {
        switch layout {
        case .stack: [tab.map(Slot.tab) ?? .stack]
        case .split: [.primary(tab: tab), .secondary(tab: tab)]
        case .tabs(_, let tabs): tabs.flatMap { slots(of: $0.layout, tab: $0.id) }
        case .unknown: []
        }
    }

    /// The screens of a slot, root first; empty for a slot the document does not have.
    public func screens(in slot: Slot) -> [Screen] {
        switch slot {
        case .modal(let level): return level >= 0 && level < modals.count ? modals[level].screens : []
        case .stack: if case .stack(let screens) = baseLayout { return screens }
        case .tab(let id): if case .stack(let screens) = tabLayout(id) { return screens }
        case .primary(let tab): if case .split(let primary, _) = tab.map(tabLayout) ?? baseLayout { return primary }
        case .secondary(let tab): if case .split(_, let secondary) = tab.map(tabLayout) ?? baseLayout { return secondary }
        }
        return []
    }

    private func tabLayout(_ id: String) -> Layout? {
        tabs.first { $0.id == id }?.layout
    }

    /// The container slots on screen, under any modal: the selected tab's (both columns of a split view).
    public var selectedSlots: [Slot] {
        switch baseLayout {
        case .stack: return [.stack]
        case .split: return [.primary(tab: nil), .secondary(tab: nil)]
        case .tabs(let selected, let tabs):
            guard let tab = tabs.first(where: { $0.id == selected }) else { return [] }
            return Self.slots(of: tab.layout, tab: tab.id)
        case .unknown: return []
        }
    }

    /// The slots a person can touch now: the top modal alone, else the ``selectedSlots``.
    public var visibleSlots: [Slot] {
        modals.last.map { [.modal($0.level)] } ?? selectedSlots
    }

    /// The screens a person can touch, which are the only ones that take events: the top of
    /// each visible slot. Without a layout the server understands, the top of the stack.
    public var activeScreens: [Screen] {
        if case .unknown = baseLayout, let top = stack.last { return [top] }
        return visibleSlots.compactMap { screens(in: $0).last }
    }

    /// The top of the stack: the screen in front.
    public var topScreen: Screen? { stack.last }

    /// A screen of the stack or the layout by id.
    public func screen(id: String) -> Screen? {
        stack.first { $0.id == id } ?? slots.lazy.compactMap { slot in self.screens(in: slot).first { $0.id == id } }.first
    }

    /// The slot that holds a screen.
    public func slot(of screenID: String) -> Slot? {
        slots.first { slot in screens(in: slot).contains { $0.id == screenID } }
    }
}
