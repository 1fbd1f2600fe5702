extension Session {
    /// Opens a deep link: one event, applied atomically like any other, that
    /// hands the link's route to the root coordinator. The coordinators
    /// decide what it means; they may follow it now or hold it
    /// (``pendingLink``).
    ///
    /// Refusals, each leaving the session unchanged: those of
    /// ``send(_:expectedVersion:)``, then ``NavigationError/Kind/invalidLink``
    /// for a malformed path, ``NavigationError/Kind/unknownLink`` when no
    /// pattern of the flow matches, ``NavigationError/Kind/linkRejected``
    /// when the flow refuses its values.
    public func open(link: String, expectedVersion: Int? = nil, at time: Int64 = 0) throws(NavigationError) {
        try send(ClientEvent(link: link), expectedVersion: expectedVersion, at: time)
    }

    /// The link a coordinator could not follow yet, as it was opened; nil
    /// when no link is held.
    public var pendingLink: String? { liveState.pendingLink }
}
