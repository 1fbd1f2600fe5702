/// The checks across a flow file that reading one member at a time cannot make
/// (docs/flow-files.md#what-the-checks-at-load-catch): every name an action
/// uses exists, every screen is shown by some action, every coordinator is
/// started by something, every effect has a performer.
struct FlowDefinitionChecks {
    let definition: FlowDefinition
    /// The effects the server can perform; nil: not checked (`flows check`
    /// without a server's configuration).
    let performers: Set<String>?

    func problems(in reader: inout DefinitionReader) {
        let coordinators = JSONPointer.root.appending("coordinators")
        if definition.coordinators[definition.root] == nil {
            reader.problem(JSONPointer.root.appending("root"), "no coordinator is called '\(definition.root)'")
        }
        var started: Set<String> = [definition.root]
        var shown: [String: Set<String>] = [:]
        for coordinator in definition.coordinators.values.sorted(by: { $0.name < $1.name }) {
            let at = coordinators.appending(coordinator.name)
            var lists: [(actions: [FlowAction], at: JSONPointer, inEvent: Bool)] = [(coordinator.start, at.appending("start"), false)]
            for call in coordinator.calls { lists.append((call.actions, at.appending("calls").appending(call.name), false)) }
            for screen in coordinator.screens {
                for event in screen.events {
                    let place = at.appending("screens").appending(screen.name).appending("events").appending(event.name)
                    lists.append((event.actions, place.appending("do"), true))
                }
            }
            for (actions, place, inEvent) in lists {
                check(actions, of: coordinator, at: place, inEvent: inEvent, started: &started, shown: &shown, reader: &reader)
            }
        }
        checkLinks(started: &started, shown: &shown, reader: &reader)
        checkCallsRunNoLoop(reader: &reader)
        for coordinator in definition.coordinators.values.sorted(by: { $0.name < $1.name }) {
            let at = coordinators.appending(coordinator.name)
            if !started.contains(coordinator.name) {
                reader.problem(at, "nothing starts '\(coordinator.name)': it is not the root and no 'startChild' names it")
            }
            for screen in coordinator.screens where shown[coordinator.name]?.contains(screen.name) != true {
                reader.problem(at.appending("screens").appending(screen.name), "no action of '\(coordinator.name)' shows '\(screen.name)'")
            }
        }
    }

    private func checkLinks(started: inout Set<String>, shown: inout [String: Set<String>], reader: inout DefinitionReader) {
        var patterns: Set<String> = []
        for (index, link) in definition.links.enumerated() {
            let at = JSONPointer.root.appending("links").appending(index)
            if !patterns.insert(link.pattern).inserted { reader.problem(at.appending("pattern"), "'\(link.pattern)' is there twice") }
            let segments = link.pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            if !link.pattern.hasPrefix("/") || (link.pattern != "/" && segments.contains(where: \.isEmpty)) {
                reader.problem(at.appending("pattern"), "a pattern is a path: '/' and segments, each a name or '{value}'")
            }
            // Decided before any coordinator sees the link: it knows the link alone.
            for path in link.reject?.variablePaths ?? [] where path != "link" && !path.hasPrefix("link.") {
                reader.problem(at.appending("reject"), "a link's 'reject' reads only the link ('link.NAME'), not '\(path)'")
            }
            guard let coordinator = definition.coordinators[link.coordinator] else {
                reader.problem(at.appending("coordinator"), "no coordinator is called '\(link.coordinator)'")
                continue
            }
            check(link.actions, of: coordinator, at: at.appending("do"), inEvent: false, started: &started, shown: &shown, reader: &reader)
        }
    }

    /// A `call` names a call its target has: its own, each coordinator's
    /// that starts it (its parent may be any of them), or its children's.
    private func checkCall(
        _ name: String, on target: FlowAction.CallTarget, coordinator child: String?, from coordinator: CoordinatorDefinition,
        at pointer: JSONPointer, reader: inout DefinitionReader
    ) {
        switch target {
        case .itself:
            if coordinator.call(named: name) == nil {
                reader.problem(pointer.appending("call"), "'\(coordinator.name)' has no call '\(name)'")
            }
        case .children:
            guard let child else { return }
            guard let definition = definition.coordinators[child] else {
                reader.problem(pointer.appending("coordinator"), "no coordinator is called '\(child)'")
                return
            }
            if definition.call(named: name) == nil { reader.problem(pointer.appending("call"), "'\(child)' has no call '\(name)'") }
        case .parent:
            let parents = self.parents(of: coordinator.name)
            if parents.isEmpty {
                reader.problem(pointer, "no coordinator starts '\(coordinator.name)': it has no parent to call")
            }
            for parent in parents where definition.coordinators[parent]?.call(named: name) == nil {
                reader.problem(pointer.appending("call"), "'\(parent)', which starts '\(coordinator.name)', has no call '\(name)'")
            }
        }
    }

    /// The coordinators with a `startChild` of `name`, in name order.
    private func parents(of name: String) -> [String] {
        definition.coordinators.values.filter { coordinator in
            var lists = [coordinator.start] + coordinator.calls.map(\.actions)
            for screen in coordinator.screens { lists += screen.events.map(\.actions) }
            lists += definition.links.filter { $0.coordinator == coordinator.name }.map(\.actions)
            return lists.contains { Self.flattened($0).contains { if case .startChild(name, _, _) = $0 { true } else { false } } }
        }.map(\.name).sorted()
    }

    /// Calls never run themselves again, through any chain of calls: a
    /// flow file has no loops. Each chain found is one problem, at the
    /// call that closes it.
    private func checkCallsRunNoLoop(reader: inout DefinitionReader) {
        struct Node: Hashable {
            let coordinator: String
            let call: String
        }
        func next(_ node: Node) -> [Node] {
            guard let actions = definition.coordinators[node.coordinator]?.call(named: node.call) else { return [] }
            return Self.flattened(actions).flatMap { action -> [Node] in
                guard case .call(let name, let target, let child, _) = action else { return [] }
                switch target {
                case .itself: return [Node(coordinator: node.coordinator, call: name)]
                case .children: return child.map { [Node(coordinator: $0, call: name)] } ?? []
                case .parent: return parents(of: node.coordinator).map { Node(coordinator: $0, call: name) }
                }
            }
        }
        var finished: Set<Node> = []
        var reported: Set<Node> = []
        func visit(_ node: Node, path: [Node]) {
            if let start = path.firstIndex(of: node) {
                guard reported.insert(node).inserted else { return }
                let chain = (path[start...] + [node]).map { "\($0.coordinator).\($0.call)" }.joined(separator: " → ")
                reader.problem(
                    JSONPointer.root.appending("coordinators").appending(node.coordinator).appending("calls").appending(node.call),
                    "the call runs itself again (\(chain)): a flow file has no loops")
                return
            }
            guard !finished.contains(node) else { return }
            for following in next(node) { visit(following, path: path + [node]) }
            finished.insert(node)
        }
        for coordinator in definition.coordinators.values.sorted(by: { $0.name < $1.name }) {
            for call in coordinator.calls { visit(Node(coordinator: coordinator.name, call: call.name), path: []) }
        }
    }

    /// `actions` and every action nested in them (`then`, `else`), in order.
    static func flattened(_ actions: [FlowAction]) -> [FlowAction] {
        actions.flatMap { action -> [FlowAction] in
            switch action {
            case .startChild(_, _, let then): [action] + flattened(then)
            case .perform(_, _, let then, let otherwise), .branch(_, let then, let otherwise):
                [action] + flattened(then) + flattened(otherwise)
            default: [action]
            }
        }
    }

    private func check(
        _ actions: [FlowAction], of coordinator: CoordinatorDefinition, at pointer: JSONPointer, inEvent: Bool, started: inout Set<String>,
        shown: inout [String: Set<String>], reader: inout DefinitionReader
    ) {
        for (index, action) in actions.enumerated() {
            let at = pointer.appending(index)
            switch action {
            case .show(let screen, _, _, _):
                if coordinator.screen(named: screen) == nil {
                    reader.problem(at, "'\(coordinator.name)' has no screen '\(screen)'")
                }
                shown[coordinator.name, default: []].insert(screen)
            case .startChild(let child, _, let then):
                if definition.coordinators[child] == nil {
                    reader.problem(at.appending("startChild"), "no coordinator is called '\(child)'")
                } else if child == definition.root {
                    reader.problem(at.appending("startChild"), "'\(child)' is the root: it cannot be a child")
                }
                started.insert(child)
                check(then, of: coordinator, at: at.appending("then"), inEvent: false, started: &started, shown: &shown, reader: &reader)
            case .perform(let effect, _, let then, let otherwise):
                if let performers, !performers.contains(effect) {
                    reader.problem(at.appending("perform"), "no performer for the effect '\(effect)' (a --backend or an in-process one)")
                }
                check(then, of: coordinator, at: at.appending("then"), inEvent: false, started: &started, shown: &shown, reader: &reader)
                check(
                    otherwise, of: coordinator, at: at.appending("else"), inEvent: false, started: &started, shown: &shown, reader: &reader)
            case .branch(_, let then, let otherwise):
                check(then, of: coordinator, at: at.appending("then"), inEvent: inEvent, started: &started, shown: &shown, reader: &reader)
                check(
                    otherwise, of: coordinator, at: at.appending("else"), inEvent: inEvent, started: &started, shown: &shown,
                    reader: &reader)
            case .reject where !inEvent:
                reader.problem(
                    at,
                    "'reject' refuses an event: it belongs in an event's 'do', not in a 'start', a call, a 'then', an 'else' or a link")
            case .call(let name, let target, let child, _):
                checkCall(name, on: target, coordinator: child, from: coordinator, at: at, reader: &reader)
            case .pop, .popToRoot, .dismiss, .set, .finish, .reject:
                break
            }
        }
    }
}
