/// The session's screens, bottom to top: the server's `UINavigationController`
/// with its presented modals, flattened like a SwiftUI navigation path.
///
/// A `sheet` or `fullScreen` entry opens a modal; the `push` entries after it
/// belong to that modal's own navigation stack. Only the top entry is active.
/// It is read from the session's ``Layout`` and modals
/// (``NavigationController/stack``), never changed on its own.
public struct NavigationStack {
    /// One screen on the stack and how it got there.
    public struct Entry {
        public let screen: Screen
        public let presentation: Presentation
    }

    public let entries: [Entry]

    public init() {
        entries = []
    }

    init(entries: [Entry]) {
        self.entries = entries
    }

    public var top: Entry? { entries.last }
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether the entry at `index` sits inside a modal (is one, or is pushed on one).
    func isInsideModal(_ index: Int) -> Bool {
        entries[...index].contains { $0.presentation.isModal }
    }

    func index(ofScreenID id: String) -> Int? {
        entries.firstIndex { $0.screen.id == id }
    }
}

/// A router call that cannot be carried out: a bug in the flow, not in the
/// client's request. The event that caused it is undone.
///
/// Indirect: every navigation controller keeps room for its first misuse,
/// which is rare, so the room is one reference.
public indirect enum RouterMisuse: Error, Sendable, Equatable, CustomStringConvertible {
    case emptyStack(operation: String)
    case notPushed(String)
    case noModal
    case alreadyShown(String)
    case notOnStack(String)
    case stackTooDeep(limit: Int)
    case noTabBar(tab: String)
    case unknownTab(String)
    case noSplitView(String)
    case containerNotAtTop(String)
    case invalidTabs(String)

    public var description: String {
        switch self {
        case .emptyStack(let operation): "\(operation) on an empty stack (use setRoot first)"
        case .notPushed(let name): "pop of '\(name)', which was not pushed (a root or a modal is dismissed, not popped)"
        case .noModal: "dismiss with no modal open"
        case .alreadyShown(let name): "screen '\(name)' is already on the stack"
        case .notOnStack(let name): "update of '\(name)', which is not on the stack"
        case .stackTooDeep(let limit): "the stack would exceed its limit of \(limit) screens"
        case .noTabBar(let tab): "a call for tab '\(tab)', but the session shows no tab bar (use setTabs first)"
        case .unknownTab(let tab): "the tab bar has no tab '\(tab)'"
        case .noSplitView(let slot): "a call for \(slot), which shows no split view (use setSplit first)"
        case .containerNotAtTop(let what): "\(what) can only be set by a router of the session's own stack"
        case .invalidTabs(let reason): "invalid tabs: \(reason)"
        }
    }
}
