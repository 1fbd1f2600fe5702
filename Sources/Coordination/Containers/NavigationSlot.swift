/// Where a router's calls land in a session's layout: the session's own
/// stack, one tab of a tab bar, or one column of a split view.
///
/// A coordinator's ``Coordinator/router`` acts on the slot of its
/// environment: a parent starts a tab's coordinator with
/// `environment.tab("mail")`, a column's with `environment.column(.secondary)`,
/// the way UIKit hands each tab its own `UINavigationController`. A slot
/// names what it needs and no more: without a tab it means the selected tab,
/// without a column (in a split view) the primary column.
public struct NavigationSlot: Sendable, Hashable, CustomStringConvertible {
    /// The id of a tab of the session's tab bar, or nil.
    public var tab: String?
    /// A column of the split view in the slot, or nil.
    public var column: SplitColumn?

    public init(tab: String? = nil, column: SplitColumn? = nil) {
        self.tab = tab
        self.column = column
    }

    /// The session itself: what every router drives unless told otherwise.
    public static let main = NavigationSlot()

    public var description: String {
        switch (tab, column) {
        case (nil, nil): "the session's stack"
        case (let tab?, nil): "tab '\(tab)'"
        case (nil, let column?): "the \(column.rawValue) column"
        case (let tab?, let column?): "the \(column.rawValue) column of tab '\(tab)'"
        }
    }
}

/// The two columns of a split view (`UISplitViewController`).
public enum SplitColumn: String, Sendable, Hashable, CaseIterable {
    /// The list: mailboxes, then a mailbox's messages.
    case primary
    /// The detail: what the primary column selected.
    case secondary
}

/// One tab of a tab bar: its id (what `selectTab` names) and its title.
public struct TabItem: Sendable, Hashable {
    public let id: String
    public let title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}
