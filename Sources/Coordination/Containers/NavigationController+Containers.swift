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
        stack = NavigationStack()
        modals = []
        containers = .tabs(selected: selected, tabs: tabs.map { Layout.Tab(item: $0, layout: .stack([])) })
        tabBarOwner = coordinator
        containersDidChange()
        record(.setTabs, nil, nil, coordinator, animated, at: NavigationSlot(tab: selected), tabs: tabs)
    }

    /// Selects tab `id` of the tab bar; `coordinator` is nil when the user did.
    func selectTab(_ id: String, by coordinator: Coordinator?, animated: Bool) {
        guard acceptsCall() else { return }
        guard var layout = containers else {
            misuse = .noTabBar(tab: id)
            return
        }
        do {
            try layout.select(id)
        } catch {
            misuse = error
            return
        }
        containers = layout
        containersDidChange()
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
        if let tab = slot.tab {
            guard var layout = containers else {
                misuse = .noTabBar(tab: tab)
                return
            }
            do {
                try layout.replaceLayout(ofTab: tab, with: empty)
            } catch {
                misuse = error
                return
            }
            containers = layout
        } else {
            stack = NavigationStack()
            modals = []
            containers = empty
        }
        containersDidChange()
        record(.setSplit, nil, nil, coordinator, animated, at: NavigationSlot(tab: slot.tab))
    }

    /// Back to one plain, empty stack.
    func removeContainers() {
        containers = nil
        modals = []
        stack = NavigationStack()
        containersDidChange()
    }

    /// Shows `screen` in `slot`, or over everything as a modal (or pushed on
    /// the top modal). Returns the position it changed, nil for the modals.
    func containerShow(
        _ screen: Screen, presentation: Presentation, in slot: NavigationSlot
    ) throws(RouterMisuse)
        -> NavigationSlot?
    {
        guard var layout = containers else {
            throw slot.tab.map { RouterMisuse.noTabBar(tab: $0) } ?? .noSplitView(slot.description)
        }
        if shownEntries.contains(where: { $0.screen === screen }) { throw .alreadyShown(screen.name) }
        let entry = NavigationStack.Entry(screen: screen, presentation: presentation)
        if presentation.isModal || (presentation == .push && !modals.isEmpty) {
            modals.append(entry)
            containersDidChange()
            return nil
        }
        let position = try layout.resolve(slot)
        var entries = layout.entries(at: position)
        if presentation == .root {
            entries = [entry]
        } else {
            guard !entries.isEmpty else { throw .emptyStack(operation: "push") }
            entries.append(entry)
        }
        layout.replace(at: position, with: entries)
        containers = layout
        containersDidChange()
        return position
    }

    /// Pops the top modal's pushed top screen, or the top of `slot`'s stack.
    func containerPop(in slot: NavigationSlot) throws(RouterMisuse) -> (NavigationStack.Entry, NavigationSlot?) {
        guard var layout = containers else {
            throw slot.tab.map { RouterMisuse.noTabBar(tab: $0) } ?? .noSplitView(slot.description)
        }
        if let top = modals.last {
            guard top.presentation == .push else { throw .notPushed(top.screen.name) }
            modals.removeLast()
            containersDidChange()
            return (top, nil)
        }
        let position = try layout.resolve(slot)
        var entries = layout.entries(at: position)
        guard let top = entries.last else { throw .emptyStack(operation: "pop") }
        guard top.presentation == .push else { throw .notPushed(top.screen.name) }
        entries.removeLast()
        layout.replace(at: position, with: entries)
        containers = layout
        containersDidChange()
        return (top, position)
    }

    /// Pops every screen pushed on the top modal, or on `slot`'s root.
    func containerPopToRoot(
        in slot: NavigationSlot
    ) throws(RouterMisuse)
        -> (removed: [NavigationStack.Entry], revealed: NavigationStack.Entry?, position: NavigationSlot?)
    {
        guard var layout = containers else {
            throw slot.tab.map { RouterMisuse.noTabBar(tab: $0) } ?? .noSplitView(slot.description)
        }
        if let modalIndex = modals.lastIndex(where: { $0.presentation.isModal }) {
            let removed = Array(modals[(modalIndex + 1)...])
            modals.removeSubrange((modalIndex + 1)...)
            containersDidChange()
            return (removed, modals.last, nil)
        }
        let position = try layout.resolve(slot)
        let entries = layout.entries(at: position)
        guard let root = entries.first else { throw .emptyStack(operation: "popToRoot") }
        layout.replace(at: position, with: [root])
        containers = layout
        containersDidChange()
        return (Array(entries.dropFirst()), root, position)
    }

    /// Removes the top modal with every screen pushed on it.
    func containerDismiss() throws(RouterMisuse) -> [NavigationStack.Entry] {
        guard let modalIndex = modals.lastIndex(where: { $0.presentation.isModal }) else { throw .noModal }
        let removed = Array(modals[modalIndex...])
        modals.removeSubrange(modalIndex...)
        containersDidChange()
        return removed
    }
}
