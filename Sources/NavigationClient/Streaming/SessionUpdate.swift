/// What ``SessionUpdates`` reports.
public enum SessionUpdate: Sendable, Hashable {
    /// A document the server sent: the session changed (or, first, where it is).
    case document(SessionDocument)
    /// How the updates arrive now.
    case connection(ConnectionState)
    /// The session ended (deleted, expired, its root finished and freed); nothing follows.
    case ended
    /// The updates stopped for good: the session is unknown (404), gone (410), or the key is refused (401).
    case failed(ClientError)
}

/// How a ``NavigationModel`` or ``SessionUpdates`` hears of changes.
public enum ConnectionState: Sendable, Hashable {
    /// Not following the session.
    case idle
    /// A stream is open; changes arrive as they happen.
    case streaming
    /// The stream dropped; a new one opens after `after` seconds, resuming from the last version.
    case reconnecting(after: Double)
    /// The server refuses streams now (429, 503): the session is fetched every few seconds instead.
    case polling
    /// The session ended, or its updates failed for good.
    case ended
}
