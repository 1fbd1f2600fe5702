/// The container tree under a session's modals, as clients draw it: the
/// `layout` member of the session document.
///
/// A plain session is one ``stack(_:)``. A tab bar holds one layout per tab,
/// each a stack or a split view; a split view holds two stacks. The modals
/// presented over all of it are not part of the layout: the
/// ``NavigationController`` keeps them beside it, and they sit at the top of
/// the session's collapsed ``NavigationStack``.
///
/// The containers are `indirect` (boxed): most sessions show a plain stack,
/// which then takes no more room than its entries.
public enum Layout {
    /// One navigation stack: a root and the screens pushed on it.
    case stack([NavigationStack.Entry])
    /// A split view: the primary column's stack and the secondary column's.
    indirect case split(primary: [NavigationStack.Entry], secondary: [NavigationStack.Entry])
    /// A tab bar: its tabs in order, and the id of the one selected.
    indirect case tabs(selected: String, tabs: [Tab])

    /// One tab of a tab bar and what it shows.
    public struct Tab {
        public let item: TabItem
        public internal(set) var layout: Layout
    }

    /// The screens a user sees under the modals, bottom to top: the
    /// selected tab's; for a split view the primary column, then the
    /// secondary (how iOS collapses a split view at compact width).
    public var collapsed: [NavigationStack.Entry] {
        switch self {
        case .stack(let entries): entries
        case .split(let primary, let secondary): primary + secondary
        case .tabs(let selected, let tabs): tabs.first { $0.item.id == selected }?.layout.collapsed ?? []
        }
    }

    /// Every screen of the layout, hidden tabs included.
    public var allEntries: [NavigationStack.Entry] {
        switch self {
        case .stack(let entries): entries
        case .split(let primary, let secondary): primary + secondary
        case .tabs(_, let tabs): tabs.flatMap(\.layout.allEntries)
        }
    }

    /// The stacks a user can touch, each with where it is: the selected
    /// tab's stack, or each column of its split view.
    var visibleStacks: [(slot: NavigationSlot, entries: [NavigationStack.Entry])] {
        switch self {
        case .stack(let entries): [(.main, entries)]
        case .split(let primary, let secondary):
            [(NavigationSlot(column: .primary), primary), (NavigationSlot(column: .secondary), secondary)]
        case .tabs(let selected, let tabs):
            (tabs.first { $0.item.id == selected }?.layout.visibleStacks ?? []).map {
                (NavigationSlot(tab: selected, column: $0.slot.column), $0.entries)
            }
        }
    }

    /// Whether the layout is a tab bar.
    public var hasTabBar: Bool {
        if case .tabs = self { return true }
        return false
    }

    /// Whether the layout is a tab bar or a split view, not one plain stack.
    public var hasContainers: Bool {
        if case .stack = self { return false }
        return true
    }
}
