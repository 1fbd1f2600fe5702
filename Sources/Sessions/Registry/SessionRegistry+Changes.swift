import Coordination

/// The use cases that change a session: each is one event, applied
/// atomically, journaled, then answered and announced.
extension SessionRegistry {
    /// A screen reports `event` (see ``Session/send(_:expectedVersion:)``).
    /// Returns the session once the event is in the store.
    ///
    /// - Parameter expectedVersion: the client's `If-Match`; when the
    ///   session is at another version nothing changes and the refusal is
    ///   ``NavigationError/Kind/versionMismatch``.
    public func send(
        _ event: ClientEvent, to id: String, expectedVersion: Int? = nil, by caller: Caller = .unrestricted
    ) throws(NavigationError) -> SessionSnapshot {
        try apply(event, to: id, expectedVersion: expectedVersion, by: caller)
    }

    /// Opens a deep link (see ``Session/open(link:expectedVersion:)``): the
    /// coordinators follow it or hold it as the pending link.
    public func open(
        link: String, in id: String, expectedVersion: Int? = nil, by caller: Caller = .unrestricted
    ) throws(NavigationError) -> SessionSnapshot {
        try apply(ClientEvent(link: link), to: id, expectedVersion: expectedVersion, by: caller)
    }

    /// The user popped `screen` (a back button, a swipe): the reserved
    /// `back` event.
    public func back(
        from screen: String, in id: String, expectedVersion: Int? = nil, by caller: Caller = .unrestricted
    ) throws(NavigationError)
        -> SessionSnapshot
    {
        try apply(ClientEvent(screen: screen, event: ReservedEvent.back.rawValue), to: id, expectedVersion: expectedVersion, by: caller)
    }

    /// The user dismissed the modal that shows `screen` (a swipe down): the
    /// reserved `dismiss` event.
    public func dismiss(
        from screen: String, in id: String, expectedVersion: Int? = nil, by caller: Caller = .unrestricted
    ) throws(NavigationError)
        -> SessionSnapshot
    {
        try apply(ClientEvent(screen: screen, event: ReservedEvent.dismiss.rawValue), to: id, expectedVersion: expectedVersion, by: caller)
    }

    /// The user selected tab `tab` of the tab bar under `screen`: the
    /// reserved `selectTab` event.
    public func selectTab(
        _ tab: String, from screen: String, in id: String, expectedVersion: Int? = nil, by caller: Caller = .unrestricted
    )
        throws(NavigationError) -> SessionSnapshot
    {
        let event = ClientEvent(screen: screen, event: ReservedEvent.selectTab.rawValue, payload: ["tab": .string(tab)])
        return try apply(event, to: id, expectedVersion: expectedVersion, by: caller)
    }

    /// How often a change tries again after losing a race for a version
    /// (another instance, or a stale copy, appended it) before it answers 412.
    static let maximumAppendAttempts = 16

    /// Applies `event` to the session and journals it; if the store refuses,
    /// the event is taken back. When another writer got there first, the
    /// session is caught up with the store and the event applied again on
    /// the new state, where an `If-Match` that no longer holds is a 412.
    /// Counts the outcome in ``eventCounts`` once the session is found.
    private func apply(
        _ event: ClientEvent, to id: String, expectedVersion: Int?, by caller: Caller
    ) throws(NavigationError)
        -> SessionSnapshot
    {
        var flow: String?
        var attempts = 0
        do {
            while true {
                attempts += 1
                let retries = attempts < Self.maximumAppendAttempts
                let accepted = try withSession(id, as: caller) { session throws(NavigationError) -> SessionSnapshot? in
                    flow = session.flow.name
                    return try applyAndJournal(event, to: session, expectedVersion: expectedVersion, retries: retries)
                }
                if let accepted {
                    if let flow { eventCounts.record(flow: flow, .accepted) }
                    return accepted
                }
            }
        } catch {
            if let flow { eventCounts.record(flow: flow, .refused(error.kind)) }
            throw error
        }
    }

    /// One attempt, under the session's lock: the event applied, then
    /// appended on the condition that the store holds the version it was
    /// applied to. Nil when another writer won that version and `retries`:
    /// the event was taken back, and the caller tries again on the state the
    /// store holds.
    private func applyAndJournal(
        _ event: ClientEvent, to session: Session, expectedVersion: Int?, retries: Bool
    )
        throws(NavigationError) -> SessionSnapshot?
    {
        let before = session.version
        do throws(NavigationError) {
            try session.send(event, expectedVersion: expectedVersion)
        } catch {
            var refusal = error
            refusal.sessionWasLost = session.isBroken
            throw refusal
        }
        do throws(NavigationError) {
            try journal.append(.accepted(event), of: session.id, version: before + 1)
        } catch {
            do throws(NavigationError) {
                try session.undoLastEvent()
            } catch {
                cache.remove(session.id)
            }
            if error.kind == .versionMismatch, retries { return nil }
            throw error
        }
        let snapshot = SessionSnapshot(id: session.id, version: session.version, document: session.document())
        feed.announce(snapshot)
        return snapshot
    }
}
