import Coordination

/// The use cases that read a session; none changes it.
extension SessionRegistry {
    /// The session's current document and version.
    public func document(of id: String, by caller: Caller = .unrestricted) throws(NavigationError) -> SessionSnapshot {
        if let snapshot = try withSession(id, as: caller, Self.renderedSnapshot(of:)) { return snapshot }
        return try withSession(id, as: caller, snapshot(of:))
    }

    /// ``document(of:by:)`` for a caller that parsed the id into its key
    /// and has no text of it.
    package func document(of key: SessionKey, by caller: Caller) throws(NavigationError) -> SessionSnapshot {
        if let snapshot = try withSession(nil, key: key, as: caller, Self.renderedSnapshot(of:)) { return snapshot }
        return try withSession(nil, key: key, as: caller, snapshot(of:))
    }

    /// The session's id, version and current document, when it holds a
    /// rendered document; nil when a render must start from nothing (a
    /// restored session, or one whose document was released), which
    /// ``snapshot(of:)`` does. Static: a closure over the registry cost
    /// ~330 instructions a read.
    private static func renderedSnapshot(of session: Session) -> SessionSnapshot? {
        guard session.holdsDocument else { return nil }
        return SessionSnapshot(id: session.id, version: session.version, document: session.renderedDocument())
    }

    /// The session's id, version and current document.
    private func snapshot(of session: Session) -> SessionSnapshot {
        SessionSnapshot(id: session.id, version: session.version, document: catalog.document(of: session))
    }

    /// The history document: the router calls that produced the versions
    /// after `version` (all of them for 0), oldest first
    /// (see ``Session/historyDocument(since:)``).
    public func history(of id: String, since version: Int = 0, by caller: Caller = .unrestricted) throws(NavigationError) -> [UInt8] {
        try withSession(id, as: caller) { $0.historyDocument(since: version) }
    }

    /// The session's accepted events with a version greater than `version`
    /// (all of them for 0), oldest first, read from the store under the
    /// session's lock, so they are exactly those of the version the session
    /// is at. A store that cannot be read throws
    /// ``NavigationError/Kind/storeUnavailable``.
    public func events(of id: String, since version: Int, by caller: Caller = .unrestricted) throws(NavigationError) -> RecordedEvents {
        try withSession(id, as: caller) { session throws(NavigationError) in
            let records = try journal.records(of: id, after: 0)
            return try Self.recordedEvents(records, of: id, currentVersion: session.version, since: version)
        }
    }

    /// Decodes the journal; a record that does not decode means the session
    /// could not be replayed either, so it is `flowChanged`.
    private static func recordedEvents(
        _ records: [JournalRecord], of id: String, currentVersion: Int, since version: Int
    ) throws(NavigationError) -> RecordedEvents {
        var created: (flow: String, flowVersion: Int, time: Int64, link: String?)?
        var events: [RecordedEvents.Event] = []
        for record in records {
            let entry: JournalEntry
            do {
                entry = try JournalEntry(record)
            } catch {
                throw NavigationError(.flowChanged, "the journal of session '\(id)' cannot be read: \(error); start a new session")
            }
            switch entry {
            case .created(let start):
                created = (start.flow, start.flowVersion, record.time, start.link)
            case .migrated(let start, _):
                // The events a newer flow version replays: those since it took the session over.
                created = (start.flow, start.flowVersion, created?.time ?? record.time, start.link)
                events = []
            case .event, .link, .outcome:
                guard record.version > version, let change = entry.recordedChange(at: record.time) else { continue }
                events.append(RecordedEvents.Event(version: record.version, time: record.time, change: change.kind))
            case .ended:
                throw notFound(id)
            }
        }
        guard let created else {
            throw NavigationError(.flowChanged, "the journal of session '\(id)' has no created record; start a new session")
        }
        return RecordedEvents(
            flow: created.flow, flowVersion: created.flowVersion, created: created.time, link: created.link,
            version: currentVersion, events: events)
    }
}
