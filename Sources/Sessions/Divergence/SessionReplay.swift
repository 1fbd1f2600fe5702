import Coordination

/// A session rebuilt from its journal by the flow version that recorded
/// it, and checked: the document the replay ends on must have the digest
/// the last change recorded. A replay that ends elsewhere is replayed again
/// one change at a time to find the first version that differs, so that
/// the refusal names it. What ``StoreSync`` does before it serves a session
/// it did not have, and what `navigation-server journal replay` reports.
///
/// Checking costs one document's digest per replay (the document is
/// rendered anyway to answer), however long the journal; only a diverged
/// session pays a render per change.
struct SessionReplay {
    let flows: FlowCatalog
    let limits: SessionLimits
    /// Where a session pinned to a flow file's content finds its flow: a
    /// hosted one of that content, or one rebuilt from the store's copy.
    let pinned: PinnedFlows

    /// `recording`'s session, or why this server's flows cannot serve it.
    /// A session pinned to a flow file's content (``SessionStart/flowSHA256``)
    /// is replayed by a flow of that very content, hosted or rebuilt from
    /// the store's copy, or not at all.
    /// - Throws: the store's failure to hand over a flow source.
    func replay(_ recording: SessionRecording, id: String) throws(StoreError) -> Result<Session, ReplayRefusal> {
        if let sha256 = recording.start.flowSHA256 {
            guard let flow = try pinned.flow(pinnedTo: sha256) else {
                return .failure(
                    ReplayRefusal(
                        flow: recording.flow, recordedVersion: recording.flowVersion, currentVersion: flows[recording.flow]?.version,
                        detail: "the session was recorded by version \(recording.flowVersion) of flow '\(recording.flow)' made from "
                            + "a flow file of SHA-256 \(sha256), which neither this server hosts nor its store keeps"))
            }
            return replay(recording, id: id, by: flow, at: nil)
        }
        guard let current = flows[recording.flow] else {
            return .failure(
                ReplayRefusal(
                    flow: recording.flow, recordedVersion: recording.flowVersion, currentVersion: nil,
                    detail: "this server no longer hosts flow '\(recording.flow)'"))
        }
        // Pinned: the session is replayed by the version that recorded it, or not at all.
        guard let position = flows.position(of: recording.flow, version: recording.flowVersion) else {
            let hosted = flows.hostedVersions(of: recording.flow).map(String.init).joined(separator: ", ")
            return .failure(
                ReplayRefusal(
                    flow: current.name, recordedVersion: recording.flowVersion, currentVersion: current.version,
                    detail: "the session was recorded by version \(recording.flowVersion) of flow '\(current.name)', "
                        + "which this server no longer hosts (hosted versions: \(hosted))"))
        }
        return replay(recording, id: id, by: flows.flow(at: position), at: position)
    }

    /// `recording` replayed by `flow`, hosted at `position` when known.
    private func replay(_ recording: SessionRecording, id: String, by flow: Flow, at position: Int?) -> Result<Session, ReplayRefusal> {
        let session: Session
        do {
            session = try restored(recording, id: id, flow: flow, changes: recording.changes)
        } catch {
            return .failure(
                ReplayRefusal(
                    flow: flow.name, recordedVersion: flow.version, currentVersion: flow.version,
                    detail: "version \(flow.version) of flow '\(flow.name)' no longer replays the session: \(error.detail)"))
        }
        guard let recorded = recording.lastDigest else { return .success(session) }
        if renderedDigest(of: session, flowAt: position) == recorded { return .success(session) }
        let version = firstDivergence(of: recording, id: id, flow: flow) ?? session.version
        return .failure(
            ReplayRefusal(
                flow: flow.name, recordedVersion: flow.version, currentVersion: flow.version, divergedAtVersion: version,
                detail: "version \(flow.version) of flow '\(flow.name)' replays the session differently from version \(version) on "
                    + "(its document there is not the one recorded): the flow's code changed without a new version, a patch "
                    + "or a migration"))
    }

    /// Whether `session`, brought up to date with changes another writer
    /// recorded, shows the document the last of them recorded (true when
    /// its record has no digest).
    func showsRecordedDocument(_ session: Session, digest recorded: DocumentDigest?) -> Bool {
        guard let recorded else { return true }
        return renderedDigest(of: session) == recorded
    }

    /// The first session version whose document differs from the one
    /// recorded: the replay again, one change at a time; nil when every
    /// step matches (the flow is not deterministic) or fails.
    private func firstDivergence(of recording: SessionRecording, id: String, flow: Flow) -> Int? {
        guard let session = try? restored(recording, id: id, flow: flow, changes: []) else { return nil }
        if let digest = recording.startDigest, renderedDigest(of: session) != digest { return session.version }
        for (change, digest) in zip(recording.changes, recording.digests) {
            guard (try? session.applyRecorded([change])) != nil else { return nil }
            if let digest, renderedDigest(of: session) != digest { return session.version }
        }
        return nil
    }

    /// The digest of `session`'s document, rendered if it is not held.
    private func renderedDigest(of session: Session, flowAt position: Int? = nil) -> DocumentDigest {
        _ = flows.document(of: session, flowAt: position)
        return DocumentDigest(ofDocumentRenderedBy: session)
    }

    private func restored(
        _ recording: SessionRecording, id: String, flow: Flow, changes: [RecordedChange]
    ) throws(NavigationError) -> Session {
        try Session(
            restoring: id, flow: flow, context: recording.context, changes: changes, limits: limits,
            createdAt: recording.createdAt, seed: recording.start.seed, link: recording.start.link,
            startPatches: recording.start.patches, startingAt: recording.firstVersion)
    }
}

/// Why a session's journal cannot be served by this server's flows: its
/// flow or version is not hosted, its flow fails to replay it, or its
/// replay diverged from what its user saw (``divergedAtVersion``).
public struct ReplayRefusal: Error, Sendable, Equatable {
    public let flow: String
    /// The flow version that recorded the session.
    public let recordedVersion: Int?
    /// The version of the flow this server runs for it; nil when the flow is not hosted.
    public let currentVersion: Int?
    /// The first session version whose replayed document is not the one recorded.
    public var divergedAtVersion: Int?
    /// One sentence for a log line or a problem.
    public let detail: String

    init(flow: String, recordedVersion: Int?, currentVersion: Int?, divergedAtVersion: Int? = nil, detail: String) {
        self.flow = flow
        self.recordedVersion = recordedVersion
        self.currentVersion = currentVersion
        self.divergedAtVersion = divergedAtVersion
        self.detail = detail
    }
}

extension SessionRecording {
    /// The digest of the document the session was left at: its last
    /// change's, or its start's when it has none; nil when that record has
    /// no digest.
    var lastDigest: DocumentDigest? {
        digests.isEmpty ? startDigest : digests[digests.count - 1]
    }
}
