/// A place on screen that holds one navigation stack: what a `NavigationStack(path:)` or a
/// `UINavigationController` shows.
public enum Slot: Hashable, Sendable, CustomStringConvertible {
    /// The one stack of a session without containers, under its modals.
    case stack
    /// A tab whose content is one stack.
    case tab(String)
    /// A split view's primary column (the list); `tab` is the tab it is in, if any.
    case primary(tab: String?)
    /// A split view's secondary column (the detail).
    case secondary(tab: String?)
    /// The modal at this level (0 is the lowest): its root and what is pushed on it.
    case modal(Int)

    public var description: String {
        switch self {
        case .stack: "stack"
        case .tab(let id): "tab \(id)"
        case .primary(let tab): tab.map { "tab \($0), primary" } ?? "primary"
        case .secondary(let tab): tab.map { "tab \($0), secondary" } ?? "secondary"
        case .modal(let level): "modal \(level)"
        }
    }
}

/// A modal: a `sheet` or `fullScreen` screen and the pushes on it.
public struct Modal: Sendable, Hashable, Identifiable {
    /// The modal's level, 0 for the lowest.
    public var level: Int
    /// Root first; never empty.
    public var screens: [Screen]

    /// `screens` must not be empty: its first is the `sheet` or `fullScreen` root.
    public init(level: Int, screens: [Screen]) {
        self.level = level
        self.screens = screens
    }

    /// The id of its root screen, stable while it is shown (what `.sheet(item:)` needs).
    public var id: String { screens[0].id }
    public var root: Screen { screens[0] }
    /// `sheet` or `fullScreen`.
    public var style: Presentation { screens[0].presentation }
}
