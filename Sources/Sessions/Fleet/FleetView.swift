import Platform

/// What this instance knows of the other live instances on a shared store:
/// the flow versions each announced, as of the last lease renewal
/// (``SessionRegistry/renewFleetLease(forSeconds:)``), and where new
/// sessions start given them (``FlowCatalog/starts(withInstancesHosting:)``).
///
/// Empty until the first renewal, and in a process that never renews (the
/// `journal` tools, a store only this process writes): then new sessions
/// start where this instance alone would start them.
final class FleetView: Sendable {
    private let state: Locked<State>

    struct State {
        /// This instance's announcement, leased in the store.
        var own: InstanceAnnouncement
        /// The announcement ``own`` replaced, whose lease the next renewal
        /// ends: else the other instances would read both until it ran out.
        var replaced: InstanceAnnouncement?
        /// The other instances' announcements, from the last renewal.
        var others: [InstanceAnnouncement] = []
        /// Where new sessions of each flow (by name index) start; nil
        /// before the first renewal.
        var starts: [FlowCatalog.StartVersion]?
    }

    init(own: InstanceAnnouncement) {
        state = Locked(State(own: own))
    }

    /// This instance's announcement, leased in the store.
    var own: InstanceAnnouncement { state.withLock { $0.own } }

    /// Announces `versions` from the next renewal on: the versions this
    /// instance hosts, after some were added.
    func announce(_ versions: [String: [Int]]) {
        state.withLock { state in
            if state.replaced == nil { state.replaced = state.own }
            state.own = InstanceAnnouncement(instance: state.own.instance, versions: versions)
        }
    }

    /// The announcement replaced since the last renewal, if any, forgotten
    /// here: the renewal releases its lease.
    func takeReplaced() -> InstanceAnnouncement? {
        state.withLock { state in
            defer { state.replaced = nil }
            return state.replaced
        }
    }

    /// Where new sessions of the flow at name index `index` start, when a
    /// renewal has said; nil before one, and for a flow added since.
    func start(ofFlowAt index: Int) -> FlowCatalog.StartVersion? {
        state.withLock { state in state.starts.flatMap { index < $0.count ? $0[index] : nil } }
    }

    /// Whether another live instance hosts version `version` of flow `name`.
    func isHostedElsewhere(_ name: String, version: Int) -> Bool {
        state.withLock { state in state.others.contains { $0.versions[name]?.contains(version) == true } }
    }

    /// How many live instances there are, this one included.
    var instanceCount: Int { state.withLock { $0.others.count } + 1 }

    /// Takes the announcements a renewal read (this instance's is left
    /// out), and the starts they lead to; answers the starts before.
    @discardableResult
    func update(
        others: [InstanceAnnouncement], starts: [FlowCatalog.StartVersion]
    ) -> [FlowCatalog.StartVersion]? {
        state.withLock { state in
            let before = state.starts
            state.others = others
            state.starts = starts
            return before
        }
    }
}
