extension SessionState {
    /// Applies `events`, accepted before, in order as the versions after
    /// `version`: each validated and carried out as when it was first
    /// accepted. The one way a session applies its events again: a restart
    /// restoring it, an undo rebuilding it, and the records another
    /// instance appended. The event count and the byte budget are not
    /// applied again; the events were accepted once.
    ///
    /// On a throw the state is half-changed and must be thrown away.
    func replay(_ events: [ClientEvent], after version: Int) throws(ReplayFailure) {
        for (offset, event) in events.enumerated() {
            let eventVersion = version + offset + 1
            do throws(NavigationError) {
                let dispatch = try validate(event, version: eventVersion - 1)
                try apply(dispatch, payload: event.payload, version: eventVersion)
            } catch {
                throw ReplayFailure(offset: offset, event: event, cause: error)
            }
        }
    }

    /// An event that did not replay.
    struct ReplayFailure: Error {
        /// Its place among the events replayed, from 0.
        let offset: Int
        let event: ClientEvent
        /// Why the flow refused it or failed.
        let cause: NavigationError
    }
}
