/// A rendered session document, and where each screen of its stack and the
/// coordinator tree went in it, with what those bytes depended on, so that
/// the next render copies what did not change instead of writing it again.
///
/// Screens are known by their address and id, not held: a popped screen
/// must be freed. A new screen at a freed one's address has another id,
/// since a session never gives an id twice; a session rebuilt from its
/// accepted events gives them again, so it drops its ``RenderedDocument``.
///
/// A class: a session holds one only while it is in use (see
/// ``Session/releaseDocument()``), and an idle session then keeps one
/// reference instead of the positions.
final class RenderedDocument {
    let bytes: SharedBytes
    let entries: RenderedEntries
    /// The environment's ``CoordinatorEnvironment/treeRevision`` when the
    /// `coordinators` member was written, and where it went; nil when the
    /// flow had finished (`null`).
    let tree: (revision: Int, bytes: Range<Int>)?
    /// The coordinator type names the tree was written with, for the next.
    let typeNames: CoordinatorTypeNames
    /// Where the members that never change (`{"id":…,"flow":…,"version":`)
    /// end: the next render copies them.
    let fixedPrefixEnd: Int
    /// Where it repeats its own bytes, which its digest skips.
    let skips: DocumentSkips

    init(
        bytes: SharedBytes, entries: RenderedEntries, tree: (revision: Int, bytes: Range<Int>)?, typeNames: CoordinatorTypeNames,
        fixedPrefixEnd: Int, skips: DocumentSkips = DocumentSkips()
    ) {
        self.bytes = bytes
        self.entries = entries
        self.tree = tree
        self.typeNames = typeNames
        self.fixedPrefixEnd = fixedPrefixEnd
        self.skips = skips
    }
}

/// Where one screen of the stack went in a ``RenderedDocument``, and
/// everything its bytes depend on besides the screen's fixed name and id.
struct RenderedEntry {
    let screen: ObjectIdentifier
    let screenID: String?
    /// The id of the coordinator that showed it: a screen whose coordinator
    /// was freed shows `""`, and may be shown again by another.
    let coordinatorID: String?
    /// ``Screen/revision``: its events, `allowsBack` and `allowsDismiss`.
    let revision: Int
    let paramsRevision: Int
    let context: EntryContext
    /// The whole entry object, and its params within the document.
    let bytes: Range<Int>
    let params: Range<Int>

    /// The same screen (not a new one at a freed one's address).
    func isEntry(of screen: Screen) -> Bool {
        self.screen == ObjectIdentifier(screen) && screenID == screen.id
    }
}

/// What an entry's events depend on beyond the screen itself (see
/// ``SessionState/acceptedEventNames(of:inModal:underTabBar:)``).
struct EntryContext: Equatable {
    let presentation: Presentation
    let inModal: Bool
    let underTabBar: Bool
    /// A finished flow accepts no events.
    let finished: Bool
}

/// The ``RenderedEntry`` of each screen of a document's stack: the first
/// one inline, since most stacks are one screen deep, the others in a list.
struct RenderedEntries {
    private var first: RenderedEntry?
    private var more: [RenderedEntry] = []

    /// The screens of the stack.
    var count: Int { first == nil ? 0 : 1 + more.count }

    mutating func append(_ entry: RenderedEntry) {
        if first == nil {
            first = entry
        } else {
            more.append(entry)
        }
    }

    /// Calls `body` with each entry, in order.
    func forEachEntry(_ body: (RenderedEntry) -> Void) {
        guard let first else { return }
        body(first)
        for entry in more { body(entry) }
    }

    /// The bytes of the entries of screens not on `stack` now.
    func byteCount(ofScreensNotIn stack: [NavigationStack.Entry]) -> Int {
        func gone(_ entry: RenderedEntry) -> Int {
            stack.contains { entry.isEntry(of: $0.screen) } ? 0 : entry.bytes.count
        }
        guard let first else { return 0 }
        return more.reduce(gone(first)) { $0 + gone($1) }
    }

    /// Where `screen`'s entry and its params went, if it was on the stack.
    func place(of screen: Screen) -> (bytes: Range<Int>, params: Range<Int>)? {
        if let first, first.isEntry(of: screen) { return (first.bytes, first.params) }
        for index in more.indices where more[index].isEntry(of: screen) { return (more[index].bytes, more[index].params) }
        return nil
    }

    /// How the entry `screen` had compares with it now, shown in `context`
    /// by the coordinator `coordinatorID`; nil when it had none. Worked out
    /// in place: copying an entry out retains its strings.
    func comparison(of screen: Screen, in context: EntryContext, coordinatorID: String?) -> RenderedComparison? {
        if first?.isEntry(of: screen) == true { return first?.comparison(with: screen, in: context, coordinatorID: coordinatorID) }
        for index in more.indices where more[index].isEntry(of: screen) {
            return more[index].comparison(with: screen, in: context, coordinatorID: coordinatorID)
        }
        return nil
    }
}

/// A screen's entry in the last document against the screen now (``RenderedEntries/comparison(of:in:coordinatorID:)``).
struct RenderedComparison {
    /// Where the entry and its params went in the last document.
    let bytes: Range<Int>
    let params: Range<Int>
    /// The same events, title and place; the params maybe not.
    let sameAround: Bool
    let sameParams: Bool
}

extension RenderedEntry {
    func comparison(with screen: Screen, in context: EntryContext, coordinatorID: String?) -> RenderedComparison {
        RenderedComparison(
            bytes: bytes, params: params,
            sameAround: revision == screen.revision && self.context == context && self.coordinatorID == coordinatorID,
            sameParams: paramsRevision == screen.paramsRevision)
    }
}
