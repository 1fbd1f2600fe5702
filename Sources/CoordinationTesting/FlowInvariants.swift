/// The invariants every flow must hold after every change
/// (docs/ARCHITECTURE.md#invariants-every-flow-keeps, and those below), checked
/// on a live session. Each check answers what is wrong, in words, so a failure
/// names its cause:
///
/// - every coordinator in the tree owns a shown screen or has a child that
///   does, and no finished one is in it;
/// - every shown screen's coordinator is live in the tree;
/// - nothing that left the tree or the stack is still alive (a leak: a
///   strong reference kept to a finished coordinator or its screens);
/// - the router calls, replayed from empty, rebuild the stack and layout;
/// - the document says what the session holds, and offers `back` and
///   `dismiss` exactly where the router lets the user go back or dismiss;
/// - the version grew by one for every accepted change.
///
/// It remembers, weakly, every coordinator and screen it saw: call it on
/// the same session (or the one that replaced it) after every change.
public struct FlowInvariants {
    private var coordinatorsSeen: [WeakBox<Coordinator>] = []
    private var screensSeen: [WeakBox<Screen>] = []
    /// What a client replaying the router calls shows, through ``replayedThroughSeq``.
    private var replay = LayoutReplay()
    private var replayedThroughSeq = 0
    /// The first router call that did not replay, in words.
    private var replayFailure: String?

    public init() {}

    /// Every problem with `session` now.
    ///
    /// - Parameter routerCalls: every router call since the start, when the
    ///   caller kept them; nil reads the session's history, which must
    ///   then not have dropped any (``SessionLimits/maxHistoryLength``).
    public mutating func problems(in session: Session, routerCalls: [HistoryEntry]? = nil) -> [String] {
        track(session)
        // A finished session has no live tree and offers nothing: what is
        // left to check is that nothing outlived it, and its journal.
        guard !session.isFinished else { return leakProblems(session) + versionProblems(session) }
        return treeProblems(session) + leakProblems(session) + replayProblems(session, routerCalls: routerCalls)
            + documentProblems(session) + versionProblems(session)
    }

    // MARK: - (a) and (b): the tree

    private func liveTree(_ session: Session) -> [Coordinator] {
        var found: [Coordinator] = []
        func visit(_ coordinator: Coordinator) {
            found.append(coordinator)
            coordinator.childCoordinators.forEach(visit)
        }
        visit(session.root)
        return found
    }

    private func treeProblems(_ session: Session) -> [String] {
        var problems: [String] = []
        let tree = liveTree(session)
        let shown = session.shownEntries
        let owners = shown.compactMap { $0.screen.coordinator }
        func showsSomething(_ coordinator: Coordinator) -> Bool {
            owners.contains { $0 === coordinator } || coordinator.childCoordinators.contains(where: showsSomething)
        }
        for coordinator in tree {
            if coordinator.isFinished { problems.append("finished \(coordinator.typeName) \(coordinator.id) is in the tree") }
            if !showsSomething(coordinator) {
                problems.append("\(coordinator.typeName) \(coordinator.id) owns no screen and has no child that does")
            }
            for child in coordinator.childCoordinators where child.parentCoordinator !== coordinator {
                problems.append("\(child.typeName) \(child.id) does not point back to its parent \(coordinator.id)")
            }
        }
        for entry in shown {
            guard let owner = entry.screen.coordinator else {
                problems.append("screen \(entry.screen.name) has no coordinator")
                continue
            }
            if !tree.contains(where: { $0 === owner }) || owner.isFinished {
                problems.append("screen \(entry.screen.name) belongs to \(owner.typeName) \(owner.id), which is not live in the tree")
            }
        }
        return problems
    }

    // MARK: - (b): nothing finished stays alive

    /// Watches what `other` saw too.
    mutating func merge(_ other: FlowInvariants) {
        coordinatorsSeen += other.coordinatorsSeen.filter { $0.object != nil }
        screensSeen += other.screensSeen.filter { $0.object != nil }
    }

    private mutating func track(_ session: Session) {
        let alive = coordinatorsSeen.compactMap(\.object)
        for coordinator in liveTree(session) where !alive.contains(where: { $0 === coordinator }) {
            coordinatorsSeen.append(WeakBox(coordinator))
        }
        let aliveScreens = screensSeen.compactMap(\.object)
        for entry in session.shownEntries where !aliveScreens.contains(where: { $0 === entry.screen }) {
            screensSeen.append(WeakBox(entry.screen))
        }
        coordinatorsSeen.removeAll { $0.object == nil }
        screensSeen.removeAll { $0.object == nil }
    }

    private func leakProblems(_ session: Session) -> [String] {
        let tree = liveTree(session)
        let leakedCoordinators = coordinatorsSeen.compactMap(\.object).filter { seen in !tree.contains { $0 === seen } }
        let leakedScreens = screensSeen.compactMap(\.object).filter { seen in
            !session.shownEntries.contains { $0.screen === seen }
        }
        return leakedCoordinators.map { "\($0.typeName) \($0.id) left the tree but is still alive" }
            + leakedScreens.map { "screen \($0.name) \($0.id ?? "") left the stack but is still alive" }
    }

    // MARK: - (c): the history rebuilds the stack

    /// Replays the router calls not replayed yet onto the client's picture
    /// kept from the last check (each call is replayed once), then compares.
    private mutating func replayProblems(_ session: Session, routerCalls: [HistoryEntry]?) -> [String] {
        let fresh: ArraySlice<HistoryEntry>
        if let routerCalls {
            fresh = routerCalls.drop { $0.seq <= replayedThroughSeq }
        } else {
            let history = session.history.entries
            if let first = history.first, first.seq > replayedThroughSeq + 1 {
                return ["the history was truncated; raise maxHistoryLength"]
            }
            fresh = history.drop { $0.seq <= replayedThroughSeq }
        }
        if let replayFailure { return [replayFailure] }
        for entry in fresh {
            do {
                try replay.apply(entry)
                replayedThroughSeq = entry.seq
            } catch {
                replayFailure = error.description
                return [error.description]
            }
        }
        var problems: [String] = []
        let replayed = replay.collapsed.map(\.text)
        let actual = session.stack.entries.map { "\($0.screen.id ?? "") \($0.screen.name) \($0.presentation.rawValue)" }
        if replayed != actual { problems.append("replaying the history gives \(replayed), the stack is \(actual)") }
        if replay.layoutText != LayoutReplay.text(session.layout) {
            problems.append("replaying the history gives layout \(replay.layoutText), the layout is \(LayoutReplay.text(session.layout))")
        }
        return problems
    }

    // MARK: - The document says the same

    private func documentProblems(_ session: Session) -> [String] {
        guard let document = try? JSONParser.parse(session.document()) else { return ["the document is not JSON"] }
        let stack = (document["stack"]?.arrayValue ?? []).map {
            "\($0["id"]?.stringValue ?? "") \($0["name"]?.stringValue ?? "") \($0["coordinator"]?.stringValue ?? "")"
        }
        let expectedStack = session.stack.entries.map {
            "\($0.screen.id ?? "") \($0.screen.name) \($0.screen.coordinator?.id ?? "")"
        }
        func ids(_ node: JSONValue?) -> [String] {
            guard let node, let id = node["id"]?.stringValue else { return [] }
            return [id] + (node["children"]?.arrayValue ?? []).flatMap { ids($0) }
        }
        var problems: [String] = []
        if stack != expectedStack { problems.append("document stack \(stack) is not \(expectedStack)") }
        let layout = LayoutReplay.text(document: document["layout"])
        if layout != LayoutReplay.text(session.layout) {
            problems.append("document layout \(layout) is not \(LayoutReplay.text(session.layout))")
        }
        if ids(document["coordinators"]) != liveTree(session).map(\.id) { problems.append("document tree differs") }
        if document["version"]?.intValue != session.version { problems.append("document version differs") }
        return problems + reservedEventProblems(session, document: document)
    }

    // MARK: - back and dismiss where the router offers them

    /// The document's top screen offers `back` when it was pushed and
    /// allows it, `dismiss` when it is in a modal that allows it, and
    /// neither anywhere else.
    private func reservedEventProblems(_ session: Session, document: JSONValue) -> [String] {
        let entries = session.stack.entries
        guard let top = entries.last, let listed = document["stack"]?.arrayValue?.last?["events"]?.arrayValue else { return [] }
        let names = Set(listed.compactMap { $0["name"]?.stringValue })
        let inModal = entries.contains { $0.presentation.isModal }
        let expected: [(ReservedEvent, Bool)] = [
            (.back, top.presentation == .push && top.screen.allowsBack),
            (.dismiss, inModal && top.screen.allowsDismiss),
        ]
        return expected.compactMap { event, offered in
            guard names.contains(event.rawValue) != offered else { return nil }
            return offered
                ? "the router lets the user leave \(top.screen.name) with \(event.rawValue), but the document does not list it"
                : "the document lists \(event.rawValue) on \(top.screen.name), where the router does not allow it"
        }
    }

    // MARK: - One version per accepted change

    private func versionProblems(_ session: Session) -> [String] {
        let accepted = session.acceptedChanges.count
        guard session.version != session.firstVersion + accepted else { return [] }
        return ["version \(session.version) after \(accepted) accepted changes from version \(session.firstVersion)"]
    }
}

/// Holds an object without keeping it alive, to see whether it was freed.
struct WeakBox<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
