/// One announcement of the ``SessionFeed``.
public enum SessionChange: Sendable {
    /// The session was accepted at a new version; its document is rendered
    /// once and shared by every subscriber.
    case changed(SessionSnapshot)
    /// The session ended, expired or was lost: nothing more will come.
    case ended(sessionID: String)
}

/// Receives a session's changes, in version order, from the ``SessionFeed``.
///
/// ``receive(_:)`` is called under the session's lock (that is what keeps
/// the order), so it must only queue and return: never block, never call
/// back into the registry.
public protocol SessionSubscriber: AnyObject, Sendable {
    func receive(_ change: SessionChange)
}
