/// The checks across a flow file that reading one member at a time cannot
/// make (FLOWFILES.md, "What the checks at load catch"): every name an
/// action uses exists, every screen is shown by some action, every
/// coordinator is started by something, every effect has a performer.
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
            guard let coordinator = definition.coordinators[link.coordinator] else {
                reader.problem(at.appending("coordinator"), "no coordinator is called '\(link.coordinator)'")
                continue
            }
            check(link.actions, of: coordinator, at: at.appending("do"), inEvent: false, started: &started, shown: &shown, reader: &reader)
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
                    at, "'reject' refuses an event: it belongs in an event's 'do', not in a 'start', a 'then', an 'else' or a link")
            case .pop, .popToRoot, .dismiss, .set, .finish, .reject:
                break
            }
        }
    }
}
