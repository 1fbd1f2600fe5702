import Coordination
import Platform

/// Makes a flow from a source the store kept (a flow file's content); nil
/// when the source does not make one (its digest does not match its bytes,
/// or this build cannot read it). Must make the same flow for the same
/// source every time: its sessions are replayed by it.
public typealias FlowSourceCompiler = @Sendable (FlowSource) -> Flow?

/// The flows made from sources (flow files) that sessions are pinned to,
/// by digest: the hosted ones, and those rebuilt from the store for
/// sessions whose file changed, was removed, or was never on this instance.
///
/// A session created on a flow with a ``Coordination/Flow/source`` records
/// its digest; the store keeps the source first (``keepSource(of:)``), so
/// any instance on the store, now or after a deploy, replays the session by
/// the content it started on (``flow(pinnedTo:)``).
final class PinnedFlows: Sendable {
    private let compile: FlowSourceCompiler?
    private let keep: @Sendable (FlowSource) throws(StoreError) -> Void
    private let fetch: @Sendable (String) throws(StoreError) -> FlowSource?
    private let state: Locked<State>

    private struct State {
        /// Flows by their source's digest: the hosted ones and those rebuilt.
        var flows: [String: Flow]
        /// Digests this process kept in the store, or found there.
        var kept: Set<String> = []
    }

    /// - Parameters:
    ///   - hosted: every hosted flow; those with a source are found by its digest.
    ///   - compile: rebuilds a flow from a source the store kept; nil
    ///     rebuilds none (a session pinned to a source no hosted flow has
    ///     is then refused as `flow-changed`).
    convenience init(hosted: [Flow], compile: FlowSourceCompiler?, store: any SessionStore) {
        self.init(
            hosted: hosted, compile: compile, keep: { source throws(StoreError) in try store.keepFlowSource(source) },
            fetch: { sha256 throws(StoreError) in try store.flowSource(sha256: sha256) })
    }

    /// Keeps sources with `keep` and reads them with `fetch`: a store's
    /// ``SessionStore/keepFlowSource(_:)`` and ``SessionStore/flowSource(sha256:)``,
    /// or a reader's of a journal that is not open as a store.
    init(
        hosted: [Flow], compile: FlowSourceCompiler?, keep: @escaping @Sendable (FlowSource) throws(StoreError) -> Void,
        fetch: @escaping @Sendable (String) throws(StoreError) -> FlowSource?
    ) {
        var flows: [String: Flow] = [:]
        for flow in hosted { if let source = flow.source, flows[source.sha256] == nil { flows[source.sha256] = flow } }
        self.compile = compile
        self.keep = keep
        self.fetch = fetch
        state = Locked(State(flows: flows))
    }

    /// Finds `flow` by its source's digest from now on: a version hosted
    /// after the registry opened (``SessionRegistry/addFlowVersions(_:)``).
    func host(_ flow: Flow) {
        guard let source = flow.source else { return }
        state.withLock { state in if state.flows[source.sha256] == nil { state.flows[source.sha256] = flow } }
    }

    /// Keeps `flow`'s source in the store, once per process: before its
    /// first session's created record, so that no record names a digest
    /// the store does not hold. Nothing for a flow without a source.
    func keepSource(of flow: Flow) throws(StoreError) {
        guard let source = flow.source else { return }
        if state.withLock({ $0.kept.contains(source.sha256) }) { return }
        try keep(source)
        state.withLock { _ = $0.kept.insert(source.sha256) }
    }

    /// The flow made from the source whose digest is `sha256`: a hosted
    /// one, one rebuilt before, or one rebuilt now from the store's copy.
    /// Nil when neither this server nor the store has it, or it does not
    /// rebuild. Each rebuilt flow is kept for the life of the process (one
    /// per distinct source sessions are pinned to, each at most a flow
    /// file's 1 MiB).
    func flow(pinnedTo sha256: String) throws(StoreError) -> Flow? {
        if let flow = state.withLock({ $0.flows[sha256] }) { return flow }
        guard let compile, let source = try fetch(sha256), source.sha256 == sha256,
            let flow = compile(source)
        else { return nil }
        return state.withLock { state in
            // Two requests may rebuild it at once: the first one kept serves both.
            if let kept = state.flows[sha256] { return kept }
            state.flows[sha256] = flow
            state.kept.insert(sha256)
            return flow
        }
    }
}
