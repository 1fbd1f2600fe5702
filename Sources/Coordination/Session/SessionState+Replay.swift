extension SessionState {
    /// Applies `changes`, accepted before, in order as the versions after
    /// `version`: each event validated and carried out as when it was first
    /// accepted, each outcome delivered as it was (or dropped, as it was).
    /// The one way a session applies its changes again: a restart restoring
    /// it, an undo rebuilding it, and the records another instance
    /// appended. The event count and the byte budget are not applied again;
    /// the changes were accepted once. Nothing is performed: an effect asked
    /// for again only becomes pending, and its recorded outcome follows.
    ///
    /// On a throw the state is half-changed and must be thrown away.
    func replay(_ changes: [RecordedChange], after version: Int) throws(ReplayFailure) {
        defer { environment.effects.replayPatches(nil) }
        for (offset, change) in changes.enumerated() {
            let changeVersion = version + offset + 1
            environment.effects.replayPatches(change.markers ?? [])
            do throws(NavigationError) {
                switch change.kind {
                case .event(let event):
                    let dispatch = try validate(event, version: changeVersion - 1)
                    try apply(dispatch, payload: event.payload, version: changeVersion, time: change.time)
                case .outcome(let effect, let outcome):
                    _ = try deliver(outcome, to: effect, version: changeVersion, time: change.time)
                }
            } catch {
                throw ReplayFailure(offset: offset, change: change, cause: error)
            }
        }
    }

    /// A change that did not replay.
    struct ReplayFailure: Error {
        /// Its place among the changes replayed, from 0.
        let offset: Int
        let change: RecordedChange
        /// Why the flow refused it or failed.
        let cause: NavigationError
    }
}
