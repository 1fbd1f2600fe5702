/// The bounded, ordered list of router calls a session has made.
///
/// When full, the oldest entries are dropped; ``entries(since:)`` says so, so
/// that a client animating from an old version knows to reload instead.
public struct History: Sendable {
    public let limit: Int
    /// Retained entries, oldest first.
    public var entries: ArraySlice<HistoryEntry> { storage[start...] }
    /// The entries, with up to ``limit`` dropped ones before `start`: dropping
    /// the oldest entry only moves `start`, and the dropped ones are removed
    /// in one move once there are `limit` of them, so a full history appends
    /// in amortized constant time instead of shifting every entry.
    private var storage: [HistoryEntry] = []
    private var start = 0
    /// The `seq` the next entry gets.
    public private(set) var nextSeq = 1
    /// The newest version any dropped entry belonged to (0 while none was dropped).
    private var droppedThroughVersion = 0

    public init(limit: Int) {
        // No capacity reserved up front: most sessions hold a few entries.
        self.limit = max(1, limit)
    }

    /// Starts a history whose versions up to `version` belong to a session
    /// before it (a migrated session's older flow version): they read as
    /// dropped, so a client animating from one of them reloads instead.
    mutating func begin(after version: Int) {
        droppedThroughVersion = max(droppedThroughVersion, version)
    }

    mutating func append(
        version: Int, operation: HistoryEntry.Operation, screen: Screen,
        presentation: Presentation?, coordinator: CoordinatorType?, animated: Bool, byUser: Bool
    ) {
        append(
            version: version, operation: operation, screenName: screen.name, screenId: screen.id ?? "",
            presentation: presentation, coordinator: coordinator, animated: animated, byUser: byUser)
    }

    mutating func append(
        version: Int, operation: HistoryEntry.Operation, screenName: String, screenId: String,
        presentation: Presentation?, coordinator: CoordinatorType?, animated: Bool, byUser: Bool,
        tab: String? = nil, column: SplitColumn? = nil, tabs: [TabItem]? = nil
    ) {
        if storage.count - start == limit {
            droppedThroughVersion = storage[start].version
            start += 1
            if start >= limit {
                storage.removeFirst(start)
                start = 0
            }
        }
        storage.append(
            HistoryEntry(
                seq: nextSeq, version: version, operation: operation,
                screen: screenName, screenId: screenId, presentation: presentation,
                coordinator: coordinator, animated: animated, byUser: byUser, tab: tab, column: column, tabs: tabs))
        nextSeq += 1
    }

    /// Entries that produced versions after `version`, and whether some of
    /// those were already dropped.
    public func entries(since version: Int) -> (entries: ArraySlice<HistoryEntry>, truncated: Bool) {
        let retained = entries
        let first = retained.firstIndex { $0.version > version } ?? retained.endIndex
        return (retained[first...], droppedThroughVersion > version)
    }
}
