import Coordination

/// The instances on a shared store, and the flow versions each hosts.
///
/// Each instance leases its announcement in the store and renews it well
/// before the lease runs out (the executable: every fifth of
/// `--instance-lease`). Every renewal also reads the other instances'
/// announcements: a new session starts on the highest version every live
/// instance hosts, and a session on a version only others host answers
/// `503 flow-version-unavailable` here instead of `410`. Nothing of this
/// happens on a store only this process writes.
extension SessionRegistry {
    /// Renews this instance's lease on the versions it hosts for `seconds`,
    /// and takes in what the other live instances announced. Returns the
    /// flows whose current version changed (each now on its
    /// ``FlowOverview/current``), also reported through `notify`; empty
    /// when the store is not shared. A store that cannot be asked keeps the
    /// last view and throws.
    /// - Throws: ``StoreError/unavailable(reason:)``.
    @discardableResult
    public func renewFleetLease(forSeconds seconds: Double) throws(StoreError) -> [FlowOverview] {
        guard let fleet = catalog.fleet else { return [] }
        let milliseconds = max(1, Int((seconds * 1000).rounded()))
        // Versions were added since the last renewal: the former announcement goes at once.
        if let replaced = fleet.takeReplaced() { journal.store.releaseLease(replaced.encoded) }
        guard let lines = try journal.store.renewLease(fleet.own.encoded, forMilliseconds: milliseconds) else { return [] }
        var others: [InstanceAnnouncement] = []
        for line in lines.prefix(InstanceAnnouncement.maximumCount) {
            guard let announcement = InstanceAnnouncement(decoding: line), announcement.instance != fleet.own.instance else { continue }
            others.append(announcement)
        }
        let starts = catalog.starts(withInstancesHosting: others)
        // The first renewal is where this instance starts, not a change.
        guard let before = fleet.update(others: others, starts: starts) else { return [] }
        // A flow added since the last renewal has no start before it.
        let changed = starts.indices.filter { $0 < before.count && before[$0].current != starts[$0].current }
        guard !changed.isEmpty else { return [] }
        let overviews = flowOverviews()
        for index in changed {
            let flow = catalog.flow(at: starts[index].current)
            sync.notify(.currentVersionChanged(flow: flow.name, version: flow.version, instances: others.count + 1))
        }
        return changed.map { overviews[$0] }
    }

    /// Ends this instance's lease at once: the other instances stop
    /// counting its versions at their next renewal. What a graceful stop
    /// does first.
    public func releaseFleetLease() {
        guard let fleet = catalog.fleet else { return }
        journal.store.releaseLease(fleet.own.encoded)
    }

    /// The live instances on the shared store as of the last renewal, this
    /// one included; 1 on a store only this process writes.
    public var fleetInstanceCount: Int { catalog.fleet?.instanceCount ?? 1 }
}
