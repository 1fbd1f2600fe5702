import Coordination

/// Replays sessions' journals against a set of hosted flows, as a server
/// hosting them would before serving each one, and says which it would
/// refuse: what `navigation-server journal replay` runs over a data
/// directory before a deploy.
///
/// The replay is the server's own (a ``SessionRegistry`` rebuilds a
/// session it does not have in memory the same way), so a session this
/// passes is one a build hosting these flows serves as its user last saw
/// it. Nothing is written: each session is rebuilt and dropped.
public struct JournalReplayer: Sendable {
    private let flows: FlowCatalog
    private let limits: SessionLimits
    private let pinned: PinnedFlows

    /// - Parameters:
    ///   - hosted: the flows a build hosts; a session of a version they do
    ///     not host is refused. Selections and retirements do not matter:
    ///     each session is replayed by the version that recorded it.
    ///   - limits: what a rebuilt session may hold, as the server's.
    ///   - flowSource: the flow sources the journals' store keeps
    ///     (``SessionStore/flowSource(sha256:)``): a session pinned to a
    ///     flow file's content that `hosted` lacks is replayed from the
    ///     store's copy of it, as a server does (with `hosted`'s
    ///     ``HostedFlows/sourceCompiler``); nil replays such sessions only
    ///     by hosted flows.
    public init(
        hosting hosted: HostedFlows, limits: SessionLimits = .default,
        flowSource: (@Sendable (String) throws(StoreError) -> FlowSource?)? = nil
    ) {
        flows = FlowCatalog(hosted)
        self.limits = limits
        let noSource: @Sendable (String) throws(StoreError) -> FlowSource? = { _ throws(StoreError) in nil }
        pinned = PinnedFlows(
            hosted: hosted.flows, compile: hosted.sourceCompiler,
            keep: { _ throws(StoreError) in throw .unavailable(reason: "a replay keeps no flow sources") },
            fetch: flowSource ?? noSource)
    }

    /// Why the hosted flows cannot serve the session `records` hold, or nil
    /// when they replay it to the document its last record saw.
    ///
    /// - Parameter records: one session's journal, from its `created`
    ///   record on, in order (``SessionStore/records(of:after:)`` after 0).
    ///   A journal that ended is replayed too: leave ended sessions out
    ///   when only the live ones matter.
    /// - Returns: a refusal whose ``ReplayRefusal/divergedAtVersion`` is
    ///   set when the replay diverged, and not when the flow or version is
    ///   not hosted, the flow failed to replay the session, or the records
    ///   do not decode (its ``ReplayRefusal/flow`` is then `?`, as a
    ///   server's refusal of it says).
    public func check(_ records: [JournalRecord], id: String) -> ReplayRefusal? {
        let recording: SessionRecording
        do {
            recording = try SessionRecording(records)
        } catch {
            return ReplayRefusal(flow: "?", recordedVersion: nil, currentVersion: nil, detail: error.description)
        }
        do {
            guard case .failure(let refusal) = try SessionReplay(flows: flows, limits: limits, pinned: pinned).replay(recording, id: id)
            else { return nil }
            return refusal
        } catch {
            return ReplayRefusal(
                flow: recording.flow, recordedVersion: recording.flowVersion, currentVersion: nil,
                detail: "the store did not hand over the flow source the session is pinned to: \(error.description)")
        }
    }
}
