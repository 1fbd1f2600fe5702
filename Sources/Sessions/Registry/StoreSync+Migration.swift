import Coordination

/// Sessions of retired flow versions, taken over by a newer version
/// (``Coordination/Flow/migrating(from:_:)``) the first time they are used.
extension StoreSync {
    /// `session` itself unless its flow version is retired; else the newer
    /// version's session that took it over, journaled as a `migrated`
    /// record at the version after `session`'s (so the version keeps
    /// growing), or `.flowChanged` when no version migrates it or the
    /// migration ends it. Under the session's lock.
    ///
    /// A session waiting for an effect is migrated once the outcome is
    /// recorded: the outcome belongs to the older version's coordinators.
    func migratedIfRetired(_ session: Session, owner: SessionOwner?) throws(NavigationError) -> SessionBox.Content {
        guard let position = flows.position(of: session.flow.name, version: session.flow.version), flows.isRetired(position),
            session.pendingEffects.isEmpty
        else { return .live(session) }
        let older = session.flow
        guard let (target, migrate) = flows.migration(fromRetired: position) else {
            return flowChanged(
                session.id, flow: older.name, recorded: older.version, current: flows[older.name]?.version,
                detail: "version \(older.version) of flow '\(older.name)' is retired, and no hosted version migrates its sessions")
        }
        let newer = flows.flow(at: target)
        guard case .start(let context, let link) = migrate(session.olderSession) else {
            return flowChanged(
                session.id, flow: older.name, recorded: older.version, current: newer.version,
                detail: "version \(older.version) of flow '\(older.name)' is retired, and version \(newer.version) ended the session")
        }
        let version = session.version + 1
        let time = journal.nowMillis()
        let migrated: Session
        do {
            migrated = try Session(
                id: session.id, flow: newer, context: .object(context), limits: limits, createdAt: time, seed: session.seed,
                link: link, startingAt: version)
        } catch {
            return flowChanged(
                session.id, flow: older.name, recorded: older.version, current: newer.version,
                detail:
                    "version \(newer.version) of flow '\(older.name)' could not take over the session from version \(older.version): \(error.detail)"
            )
        }
        let start = SessionStart(
            flow: newer.name, flowVersion: newer.version, context: migrated.context, owner: owner, seed: session.seed,
            link: link, markers: migrated.startMarkers, flowSHA256: newer.source?.sha256)
        do {
            try pinned.keepSource(of: newer)
        } catch {
            throw journal.failure(error, id: session.id)
        }
        let document = flows.document(of: migrated, flowAt: target)
        // Conditional on the older session's version: a writer that changed
        // it meanwhile wins, and this request fails as any lost race does.
        try journal.append(
            .migrated(start, fromVersion: older.version), of: session.id, version: version, time: time,
            digest: DocumentDigest(ofDocumentRenderedBy: migrated))
        slots.census.remove(at: position)
        slots.census.add(at: target)
        counters.migrated.add(1, ordering: .relaxed)
        notify(.migrated(sessionID: session.id, flow: older.name, from: older.version, to: newer.version))
        feed.announce(SessionSnapshot(id: migrated.id, version: migrated.version, document: document))
        effects.start(migrated.pendingEffects, of: migrated.id)
        return .live(migrated)
    }
}
