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
    /// This instance's announcement, leased in the store.
    let own: InstanceAnnouncement
    private let state = Locked(State())

    struct State {
        /// The other instances' announcements, from the last renewal.
        var others: [InstanceAnnouncement] = []
        /// Where new sessions of each flow (by name index) start; nil
        /// before the first renewal.
        var starts: [FlowCatalog.StartVersion]?
    }

    init(own: InstanceAnnouncement) {
        self.own = own
    }

    /// Where new sessions of the flow at name index `index` start, when a
    /// renewal has said; nil before one.
    func start(ofFlowAt index: Int) -> FlowCatalog.StartVersion? {
        state.withLock { $0.starts?[index] }
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
