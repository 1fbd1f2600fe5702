extension SessionState {
    /// Whether the user can touch several screens: the tops of the stacks a
    /// tab bar or a split view shows (``visibleTops``), when no modal covers
    /// them. Otherwise only the top of the session's stack is active.
    var touchesVisibleStacks: Bool {
        navigation.layout.hasContainers && navigation.modals.isEmpty
    }

    /// The screens a user can touch under a tab bar or a split view with no
    /// modal open: the top of the selected tab's stack, or of each column
    /// of its split view, each with the position of its stack.
    var visibleTops: [(entry: NavigationStack.Entry, slot: NavigationSlot)] {
        navigation.layout.visibleStacks.compactMap { stack in
            stack.entries.last.map { ($0, stack.slot) }
        }
    }

    /// Checks `event` against what the user can see in the containers.
    func validateInContainers(_ event: ClientEvent, version: Int) throws(NavigationError) -> Dispatch {
        let visible = visibleTops
        guard let (entry, slot) = visible.first(where: { $0.entry.screen.id == event.screen }) else {
            let names = visible.map { "'\($0.entry.screen.id ?? "")' (\($0.entry.screen.name))" }
            let shown = navigation.shownEntries.contains { $0.screen.id == event.screen }
            throw NavigationError(
                .screenNotActive,
                "screen '\(event.screen)' is \(shown ? "not one the user can see now" : "not shown"); "
                    + "the screens the user can touch are \(names.joined(separator: " and "))",
                currentVersion: version, activeScreen: visible.first?.entry.screen.id)
        }
        let screen = entry.screen
        let underTabBar = navigation.layout.hasTabBar
        switch ReservedEvent(named: event.event) {
        case .back? where entry.presentation == .push && screen.allowsBack:
            try requireEmptyPayload(event)
            return .backIn(slot)
        case .selectTab? where underTabBar:
            return .selectTab(try selectedTab(in: event.payload))
        default:
            return try declaredDispatch(event, on: screen) {
                acceptedEventNames(of: entry, inModal: false, underTabBar: underTabBar)
            }
        }
    }

    private func requireEmptyPayload(_ event: ClientEvent) throws(NavigationError) {
        guard event.payload.isEmpty else {
            throw NavigationError(
                .invalidPayload, "event '\(event.event)' takes no payload",
                fieldProblems: event.payload.keys.map {
                    FieldProblem(field: $0, message: "is not a field of event '\(event.event)'")
                })
        }
    }

    /// The tab a `selectTab` payload names: `{"tab": id}`, one of the tab bar's.
    private func selectedTab(in payload: JSONObject) throws(NavigationError) -> String {
        let ids = navigation.layout.tabIDs
        var problems: [FieldProblem] = []
        var tab: String?
        switch payload["tab"] {
        case .string(let id)? where ids.contains(id): tab = id
        case .string(let id)?:
            problems.append(FieldProblem(field: "tab", message: "must be one of \(ids.joined(separator: ", ")), not '\(id)'"))
        case let value?: problems.append(FieldProblem(field: "tab", message: "must be a string, not \(value.typeName)"))
        case nil: problems.append(FieldProblem(field: "tab", message: "is required (string)"))
        }
        for (key, _) in payload where key != "tab" {
            problems.append(FieldProblem(field: key, message: "is not a field of event 'selectTab'"))
        }
        guard let tab, problems.isEmpty else {
            throw NavigationError(
                .invalidPayload,
                "the payload of 'selectTab' does not match its fields: " + problems.listing,
                fieldProblems: problems)
        }
        return tab
    }
}
