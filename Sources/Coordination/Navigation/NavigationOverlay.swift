/// The modals of a ``NavigationController`` and what it shows with them.
final class NavigationOverlay {
    let modals: [NavigationStack.Entry]
    let stack: NavigationStack
    let shown: [NavigationStack.Entry]

    /// The overlay of `layout` with `modals` over it; nil for a plain stack
    /// with no modal, whose entries are all there is.
    static func of(_ layout: Layout, modals: [NavigationStack.Entry]) -> NavigationOverlay? {
        if case .stack = layout, modals.isEmpty { return nil }
        return NavigationOverlay(layout: layout, modals: modals)
    }

    private init(layout: Layout, modals: [NavigationStack.Entry]) {
        self.modals = modals
        let collapsed = modals.isEmpty ? layout.collapsed : layout.collapsed + modals
        stack = NavigationStack(entries: collapsed)
        // Only a tab bar hides screens: its other tabs'.
        shown = layout.hasTabBar ? layout.allEntries + modals : collapsed
    }
}
