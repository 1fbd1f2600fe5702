extension NavigationModel {
    /// Sends `event` from a screen a person can touch: `screen` when given, else the one that
    /// accepts `event` (the top one when several do).
    public func send(_ event: String, payload: JSONObject? = nil, from screen: String? = nil) async throws(ClientError) {
        let target = try self.screen(accepting: event, preferring: screen)
        let (id, version) = (sessionID, version)
        try await perform(.event(event, screen: target.id)) { [client] () throws(ClientError) in
            try await client.send(event, payload: payload, screen: target.id, session: id, ifMatch: version)
        }
    }

    /// The app's own back button: pops the top screen that can go back.
    public func back() async throws(ClientError) {
        try await send(EventDeclaration.back)
    }

    /// The app's own close button: dismisses the top modal.
    public func dismiss() async throws(ClientError) {
        try await send(EventDeclaration.dismiss)
    }

    /// Switches tabs. The model shows the tab at once (a tab bar switches before anyone asks),
    /// and goes back to the server's tab if it refuses.
    public func selectTab(_ tab: String) async throws(ClientError) {
        guard tab != selectedTab else { return }
        let target = try screen(accepting: EventDeclaration.selectTab, preferring: nil)
        let (id, version) = (sessionID, version)
        showOptimistic(document.selectingTab(tab))
        try await perform(.event(EventDeclaration.selectTab, screen: target.id)) { [client] () throws(ClientError) in
            try await client.send(
                EventDeclaration.selectTab, payload: ["tab": .string(tab)], screen: target.id, session: id, ifMatch: version)
        }
    }

    /// Opens a deep link such as `/rates/USD`; the coordinators decide what it shows.
    public func open(link: String) async throws(ClientError) {
        let (id, version) = (sessionID, version)
        try await perform(.link(link)) { [client] () throws(ClientError) in
            try await client.openLink(link, session: id, ifMatch: version)
        }
    }

    /// Ends the session: the root coordinator finishes and the server frees it.
    public func end() async throws(ClientError) {
        let action = begin(.end)
        defer { finish(action) }
        do {
            try await client.endSession(sessionID)
        } catch {
            await recover(from: error)
            throw error
        }
        lastError = nil
        markEnded()
    }

    /// Fetches the session again (after a refusal, or when the app comes back to the foreground).
    public func refresh() async throws(ClientError) {
        let id = sessionID
        try await perform(.refresh) { [client] () throws(ClientError) in try await client.session(id) }
    }

    // MARK: - Helpers

    /// The screen that takes `event`: `preferred` when given, else the top active screen that accepts it.
    func screen(accepting event: String, preferring preferred: String?) throws(ClientError) -> Screen {
        let active = activeScreens
        let screen = preferred.map { id in active.first { $0.id == id } } ?? active.last { $0.accepts(event) }
        guard !isEnded else {
            lastError = .ended
            throw .ended
        }
        guard let screen, screen.accepts(event) else {
            lastError = .notAccepted(event: event)
            throw .notAccepted(event: event)
        }
        return screen
    }

    /// Runs one request: the answer's document is taken; a refusal restores the server's document and says why.
    func perform(
        _ kind: PendingAction.Kind, _ request: @Sendable () async throws(ClientError) -> SessionDocument
    ) async throws(ClientError) {
        let action = begin(kind)
        defer { finish(action) }
        do {
            let answer = try await request()
            lastError = nil
            accept(answer)
            if optimistic != nil { restore() }
        } catch {
            await recover(from: error)
            throw error
        }
    }

    /// After a refusal: the server's document comes back (fetched again when the model was
    /// behind), and ``lastError`` says why.
    func recover(from error: ClientError) async {
        lastError = error
        switch error {
        case .conflict:
            if let current = try? await client.session(sessionID) { accept(current) }
        case _ where error.meansSessionIsOver:
            markEnded()
        default:
            break
        }
        restore()
    }

    func begin(_ kind: PendingAction.Kind) -> PendingAction {
        let action = PendingAction(id: nextActionID, kind: kind)
        nextActionID += 1
        inFlight.append(action)
        return action
    }

    func finish(_ action: PendingAction) {
        inFlight.removeAll { $0.id == action.id }
    }

    func markEnded() {
        isEnded = true
        connection = .ended
        updates?.cancel()
        following?.cancel()
        following = nil
    }
}
