import Coordination

/// Reading a session's journal back as its accepted events.
extension SessionRegistry {
    /// The session's accepted events with a version greater than `version`
    /// (all of them for 0), oldest first, read from the store.
    ///
    /// The session is found as for any request first, so an unknown, ended
    /// or expired id throws ``NavigationError/Kind/sessionNotFound`` and a
    /// journal this server cannot replay ``NavigationError/Kind/flowChanged``.
    /// The store is read under the session's lock, so the events are exactly
    /// those of the version the session is at. A store that cannot be read
    /// throws ``NavigationError/Kind/storeUnavailable``.
    public func events(of id: String, since version: Int) throws(NavigationError) -> RecordedEvents {
        try withFreshSession(id) { session throws(NavigationError) in
            let records: [JournalRecord]
            do throws(StoreError) {
                records = try store.records(of: id, after: 0)
                markStore(available: true)
            } catch {
                throw storeFailure(error, id: id)
            }
            return try Self.recordedEvents(records, of: id, currentVersion: session.version, since: version)
        }
    }

    /// Calls `handler(sessionID, version)` for sessions changed through the
    /// store by any instance (see ``SessionStore/observeChanges(_:)``):
    /// the hook for live streams of sessions shared by several instances.
    /// False when the store has no change feed (every change then goes
    /// through this registry).
    @discardableResult
    public func observeStoreChanges(_ handler: @escaping @Sendable (_ sessionID: String, _ version: Int) -> Void) -> Bool {
        store.observeChanges(handler)
    }

    /// Decodes the journal; a record that does not decode means the session
    /// could not be replayed either, so it is `flowChanged` as in
    /// ``restoredContent(of:)``.
    private static func recordedEvents(
        _ records: [JournalRecord], of id: String, currentVersion: Int, since version: Int
    ) throws(NavigationError) -> RecordedEvents {
        var created: (flow: String, flowVersion: Int, time: Int64)?
        var events: [RecordedEvents.Event] = []
        for record in records {
            let entry: JournalEntry
            do {
                entry = try JournalEntry(record)
            } catch {
                throw NavigationError(.flowChanged, "the journal of session '\(id)' cannot be read: \(error); start a new session")
            }
            switch entry {
            case .created(let flow, let flowVersion, _):
                created = (flow, flowVersion, record.time)
            case .event, .link:
                guard record.version > version, let event = entry.acceptedEvent else { continue }
                events.append(RecordedEvents.Event(version: record.version, time: record.time, event: event))
            case .ended:
                throw notFound(id)
            }
        }
        guard let created else {
            throw NavigationError(.flowChanged, "the journal of session '\(id)' has no created record; start a new session")
        }
        return RecordedEvents(
            flow: created.flow, flowVersion: created.flowVersion, created: created.time, version: currentVersion,
            events: events)
    }
}
