/// The controller's containers: a tab bar or a split view under the modals,
/// each of their stacks driven by the routers of its slot.
extension NavigationController {
    /// Replaces everything shown, modals included, with a tab bar of `tabs`,
    /// each an empty stack until its coordinator shows a root.
    func setTabs(_ tabs: [TabItem], selected: String?, by coordinator: Coordinator, animated: Bool, in slot: NavigationSlot) {
        guard acceptsCall() else { return }
        guard slot == .main else {
            misuse = .containerNotAtTop("a tab bar")
            return
        }
        guard let first = tabs.first else {
            misuse = .invalidTabs("a tab bar needs at least one tab")
            return
        }
        guard Set(tabs.map(\.id)).count == tabs.count else {
            misuse = .invalidTabs("tab ids must be unique")
            return
        }
        let selected = selected ?? first.id
        guard tabs.contains(where: { $0.id == selected }) else {
            misuse = .unknownTab(selected)
            return
        }
        change {
            $0 = .tabs(selected: selected, tabs: tabs.map { Layout.Tab(item: $0, layout: .stack([])) })
            $1 = []
        }
        tabBarOwner = coordinator
        record(.setTabs, nil, nil, coordinator, animated, at: NavigationSlot(tab: selected), tabs: tabs)
    }

    /// Selects tab `id` of the tab bar; `coordinator` is nil when the user did.
    func selectTab(_ id: String, by coordinator: Coordinator?, animated: Bool) {
        guard acceptsCall() else { return }
        do throws(RouterMisuse) {
            try change { layout, _ throws(RouterMisuse) in try layout.select(id) }
        } catch {
            misuse = error
            return
        }
        record(
            .selectTab, nil, nil, coordinator ?? tabBarOwner, animated, at: NavigationSlot(tab: id),
            byUser: coordinator == nil)
    }

    /// Makes `slot` a split view with two empty columns: the whole session
    /// (modals included) for the session's own slot, else one tab.
    func setSplit(by coordinator: Coordinator, animated: Bool, in slot: NavigationSlot) {
        guard acceptsCall() else { return }
        guard slot.column == nil else {
            misuse = .containerNotAtTop("a split view inside a column")
            return
        }
        let empty = Layout.split(primary: [], secondary: [])
        do throws(RouterMisuse) {
            try change { layout, modals throws(RouterMisuse) in
                if let tab = slot.tab {
                    try layout.replaceLayout(ofTab: tab, with: empty)
                } else {
                    layout = empty
                    modals = []
                }
            }
        } catch {
            misuse = error
            return
        }
        record(.setSplit, nil, nil, coordinator, animated, at: NavigationSlot(tab: slot.tab))
    }
}
