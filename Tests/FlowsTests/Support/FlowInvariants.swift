@testable import Coordination

/// The invariants of docs/ARCHITECTURE.md, checked on a live session after every event.
/// Each check returns what is wrong, in words, so a failure names its cause.
struct FlowInvariants {
    private var coordinatorsSeen: [Weak<Coordinator>] = []
    private var screensSeen: [Weak<Screen>] = []

    /// Every problem with `session` now, given how many events it accepted.
    mutating func problems(in session: Session, accepted: Int) -> [String] {
        track(session)
        return treeProblems(session) + leakProblems(session) + replayProblems(session)
            + documentProblems(session) + versionProblems(session, accepted: accepted)
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
        let shown = session.liveState.navigation.shownEntries
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

    private mutating func track(_ session: Session) {
        let alive = coordinatorsSeen.compactMap(\.object)
        for coordinator in liveTree(session) where !alive.contains(where: { $0 === coordinator }) {
            coordinatorsSeen.append(Weak(coordinator))
        }
        let aliveScreens = screensSeen.compactMap(\.object)
        for entry in session.liveState.navigation.shownEntries where !aliveScreens.contains(where: { $0 === entry.screen }) {
            screensSeen.append(Weak(entry.screen))
        }
        coordinatorsSeen.removeAll { $0.object == nil }
        screensSeen.removeAll { $0.object == nil }
    }

    private func leakProblems(_ session: Session) -> [String] {
        let tree = liveTree(session)
        let leakedCoordinators = coordinatorsSeen.compactMap(\.object).filter { seen in !tree.contains { $0 === seen } }
        let leakedScreens = screensSeen.compactMap(\.object).filter { seen in
            !session.liveState.navigation.shownEntries.contains { $0.screen === seen }
        }
        return leakedCoordinators.map { "\($0.typeName) \($0.id) left the tree but is still alive" }
            + leakedScreens.map { "screen \($0.name) \($0.id ?? "") left the stack but is still alive" }
    }

    // MARK: - (c): the history rebuilds the stack

    private func replayProblems(_ session: Session) -> [String] {
        let (entries, truncated) = session.history.entries(since: 0)
        if truncated || entries.first?.seq != 1 { return ["the history was truncated; raise maxHistoryLength"] }
        var replay = LayoutReplay()
        for entry in entries {
            do {
                try replay.apply(entry)
            } catch {
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
        return problems
    }

    // MARK: - (e): one version per accepted event

    private func versionProblems(_ session: Session, accepted: Int) -> [String] {
        var problems: [String] = []
        if session.version != 1 + accepted { problems.append("version \(session.version) after \(accepted) accepted changes") }
        if session.acceptedChanges.count != accepted {
            problems.append("the session accepted \(session.acceptedChanges.count) changes, not \(accepted)")
        }
        return problems
    }
}
