/// The live object graph of one session: its environment and root
/// coordinator. ``Session`` owns one and replaces it wholesale to undo an
/// event, so this type only moves forward.
final class SessionState {
    let environment: CoordinatorEnvironment
    let root: Coordinator
    /// The flow the root came from: its links are matched here.
    let flow: Flow
    /// ``SessionLimits/maxStringFieldBytes``: the limit of string fields declared without one.
    let maxStringFieldBytes: Int

    var navigation: NavigationController { environment.navigation }

    /// Builds the flow's root coordinator and runs `start()` as version 1,
    /// at `createdAt` (milliseconds since 1970), its random numbers from `seed`;
    /// then, with `link`, hands it to the root, still as version 1.
    /// `patches`: the patch markers of the recorded start being replayed;
    /// nil for a start made live (``markedPatches`` then holds its markers).
    /// `firstVersion`: the version the start makes, 1 but for a session
    /// migrated from an older flow version, which starts where it was.
    init(
        flow: Flow, context: JSONObject, limits: SessionLimits, routerLog: RouterCallLog?, createdAt: Int64 = 0,
        seed: UInt64 = 0, link: String? = nil, patches: [String]? = nil, firstVersion: Int = 1
    ) throws(NavigationError) {
        maxStringFieldBytes = limits.maxStringFieldBytes
        self.flow = flow
        let navigation = NavigationController(
            maxStackDepth: limits.maxStackDepth, maxHistoryLength: limits.maxHistoryLength)
        if let routerLog {
            environment = CoordinatorEnvironment(recordingInto: routerLog, navigation: navigation, context: context)
        } else {
            environment = CoordinatorEnvironment(navigation: navigation, context: context)
        }
        environment.effects.random = SessionRandom(seed: seed)
        environment.effects.begin(version: firstVersion, time: createdAt)
        // A live start (most) leaves the ledger live, as it is made.
        if let patches { environment.effects.replayPatches(patches) }
        defer { if patches != nil { environment.effects.replayPatches(nil) } }
        if firstVersion > 1 { navigation.history.begin(after: firstVersion - 1) }
        root = flow.makeRoot(environment)
        navigation.begin(version: firstVersion)
        root.start()
        try settle()
        if let link { try apply(try validateLink(link), payload: [:], version: firstVersion, time: createdAt) }
    }

    deinit {
        environment.heldLink?.detach()
    }

    /// The patches the live change that produced `version` took: what its
    /// record keeps; nil when it asked none.
    func patches(markedIn version: Int) -> [String]? {
        environment.effects.patches(markedIn: version)
    }

    /// Forgets the markers of a live change refused without changing anything.
    func forgetMarkedPatches() {
        environment.effects.forgetMarkedPatches()
    }

    /// Checks `event` against the stack without changing anything.
    func validate(_ event: ClientEvent, version: Int) throws(NavigationError) -> Dispatch {
        if let link = event.link { return try validateLink(link) }
        if touchesVisibleStacks { return try validateInContainers(event, version: version) }
        let stack = navigation.stack
        guard let index = stack.index(ofScreenID: event.screen), let top = stack.top else {
            throw NavigationError(
                .screenNotActive,
                "screen '\(event.screen)' is not on the stack; the active screen is '\(stack.top?.screen.id ?? "none")'",
                currentVersion: version, activeScreen: stack.top?.screen.id)
        }
        guard index == stack.count - 1 else {
            throw NavigationError(
                .screenNotActive,
                "screen '\(event.screen)' (\(stack.entries[index].screen.name)) is not the active screen; the active screen is '\(top.screen.id ?? "")' (\(top.screen.name))",
                currentVersion: version, activeScreen: top.screen.id)
        }
        let screen = top.screen
        // The accepted names are listed only for a refusal: the common path
        // checks the one name it was given.
        if let reserved = ReservedEvent(named: event.event), accepts(reserved, at: index) {
            guard event.payload.isEmpty else {
                throw NavigationError(
                    .invalidPayload, "event '\(event.event)' takes no payload",
                    fieldProblems: event.payload.keys.map {
                        FieldProblem(field: $0, message: "is not a field of event '\(event.event)'")
                    })
            }
            return reserved == .back ? .back : .dismiss
        }
        return try declaredDispatch(event, on: screen) { acceptedEventNames(at: index) }
    }

    /// The declared event `event` names on `screen`, its payload checked;
    /// `accepted` lists what the screen accepts, for a refusal.
    func declaredDispatch(
        _ event: ClientEvent, on screen: Screen, accepted: () -> [String]
    ) throws(NavigationError)
        -> Dispatch
    {
        guard ReservedEvent(named: event.event) == nil, let declaration = screen.declaration(named: event.event) else {
            let accepted = accepted()
            throw NavigationError(
                .eventNotAccepted,
                "screen '\(screen.name)' does not accept event '\(event.event)'; it accepts: \(accepted.joined(separator: ", "))",
                acceptedEvents: accepted)
        }
        let problems = declaration.problems(
            with: event.payload, params: screen.params, defaultMaxStringBytes: maxStringFieldBytes)
        guard problems.isEmpty else {
            throw NavigationError(
                .invalidPayload,
                "the payload of '\(event.event)' does not match its fields: " + problems.listing,
                fieldProblems: problems)
        }
        return .declared(declaration)
    }

    /// Carries out a validated event as `version`, accepted at `time`
    /// (milliseconds since 1970). On a throw the state is half-changed and
    /// must be thrown away.
    func apply(_ dispatch: Dispatch, payload: JSONObject, version: Int, time: Int64) throws(NavigationError) {
        navigation.begin(version: version)
        environment.effects.begin(version: version, time: time)
        switch dispatch {
        case .back:
            if let popped = navigation.pop(by: nil, animated: true) {
                popped.screen.coordinator?.didGoBack(from: popped.screen)
            }
        case .backIn(let slot):
            if let popped = navigation.pop(by: nil, animated: true, in: slot) {
                popped.screen.coordinator?.didGoBack(from: popped.screen)
            }
        case .selectTab(let tab):
            navigation.selectTab(tab, by: nil, animated: false)
            navigation.tabBarOwner?.didSelectTab(tab)
        case .dismiss:
            let removed = navigation.dismiss(by: nil, animated: true)
            for owner in Self.owners(of: removed) {
                owner.didDismiss(removed.map(\.screen).filter { $0.coordinator === owner })
            }
        case .link(let link, let follow):
            followLink(link, follow)
        case .declared(let declaration):
            do {
                try declaration.handler(EventPayload(payload))
            } catch let rejection as EventRejection {
                throw NavigationError(.eventRejected, rejection.reason)
            } catch {
                throw NavigationError(.flowFailure, "the handler of '\(declaration.name)' failed: \(error)")
            }
        }
        try settle()
    }

    /// Delivers `outcome` to the handler of pending effect `effectID` as
    /// `version`, accepted at `time`; false (and nothing runs) when the
    /// effect is not pending: its coordinator finished, so it was dropped.
    /// On a throw the state is half-changed and must be thrown away.
    func deliver(_ outcome: EffectOutcome, to effectID: String, version: Int, time: Int64) throws(NavigationError) -> Bool {
        navigation.begin(version: version)
        environment.effects.begin(version: version, time: time)
        guard let pending = environment.effects.take(effectID) else { return false }
        pending.handler(outcome)
        try settle()
        return true
    }

    /// The effects asked for and waiting for their outcomes, oldest first.
    var pendingEffects: [EffectRequest] { environment.effects.pending.map(\.request) }

    /// Whether the entry at `index` accepts the reserved event now, as
    /// ``acceptedEventNames(at:)`` lists it.
    private func accepts(_ reserved: ReservedEvent, at index: Int) -> Bool {
        let entry = navigation.stack.entries[index]
        switch reserved {
        case .back: return entry.presentation == .push && entry.screen.allowsBack
        case .dismiss: return entry.screen.allowsDismiss && navigation.stack.isInsideModal(index)
        case .selectTab: return false
        }
    }

    /// The names of the events the entry at `index` accepts, declared ones
    /// first, then `back` and `dismiss` where the user may use them.
    func acceptedEventNames(at index: Int) -> [String] {
        let inModal = navigation.stack.isInsideModal(index)
        return acceptedEventNames(
            of: navigation.stack.entries[index], inModal: inModal,
            underTabBar: !inModal && navigation.layout.hasTabBar)
    }

    /// The names of the events `entry` accepts, declared ones first, then
    /// `back`, `dismiss` and `selectTab` where the user may use them
    /// (``AcceptedEvents``).
    func acceptedEventNames(of entry: NavigationStack.Entry, inModal: Bool, underTabBar: Bool) -> [String] {
        Array(AcceptedEvents(of: entry, inModal: inModal, underTabBar: underTabBar))
    }

    /// Counts of everything an event can change through the engine: router
    /// calls, store writes, tree changes. Equal before and after a refused
    /// event means there is nothing to undo.
    var changeMarker: ChangeMarker {
        var screenRevisions = 0
        for entry in navigation.shownEntries { screenRevisions += entry.screen.revision }
        return ChangeMarker(
            routerCalls: navigation.callCount, storeWrites: environment.store.writeCount,
            treeRevision: environment.treeRevision, screenRevisions: screenRevisions,
            effectsRevision: environment.effects.revision)
    }

    /// The counts ``changeMarker`` compares: a struct, so that taking one
    /// before every event allocates nothing.
    struct ChangeMarker: Equatable {
        let routerCalls: Int
        let storeWrites: Int
        let treeRevision: Int
        let screenRevisions: Int
        let effectsRevision: Int
    }

    /// Ends the flow: the root finishes and with it every descendant. Router
    /// calls made while the tree is torn down are ignored.
    func end() {
        navigation.isClosed = true
        root.finish()
        for entry in navigation.shownEntries { entry.screen.clearHandlers() }
        environment.effects.dropAll()
    }

    enum Dispatch {
        case back, dismiss
        /// The user's `back` on the top of a tab's or a column's stack.
        case backIn(NavigationSlot)
        case selectTab(String)
        case declared(EventDeclaration)
        /// A deep link, matched and parsed into the flow's route: the call
        /// hands it to the root coordinator.
        case link(DeepLink, () -> LinkHandling)
    }

    private static func owners(of entries: [NavigationStack.Entry]) -> [Coordinator] {
        var owners: [Coordinator] = []
        for entry in entries {
            if let owner = entry.screen.coordinator, !owners.contains(where: { $0 === owner }) {
                owners.append(owner)
            }
        }
        return owners
    }
}

extension SessionState.Dispatch {
    /// `event` as it is recorded once accepted: the values of the secret
    /// fields of the event it declares replaced by what is kept of them
    /// (``SecretField``).
    func recorded(_ event: consuming ClientEvent) -> ClientEvent {
        guard case .declared(let declaration) = self else { return event }
        let secrets = declaration.declaredFields.secretNames
        guard !secrets.isEmpty else { return event }
        var payload = event.payload
        for name in secrets {
            if let value = payload[name] { payload[name] = SecretField.kept(value) }
        }
        return ClientEvent(screen: event.screen, event: event.event, payload: payload)
    }
}
