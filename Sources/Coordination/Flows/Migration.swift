/// Where a newer version of a flow starts a session of an older one it
/// takes over (``Flow/migrating(from:_:)``): the answer of a migration.
public enum Migration: Sendable, Equatable {
    /// The newer version starts the session with `context` (checked against
    /// its own context fields, defaults filled in) and, with `link`, opens
    /// that deep link as part of its start, as `POST /v1/sessions` with
    /// `link` does. The session keeps its id, and its version keeps growing.
    case start(context: JSONObject = [:], link: String? = nil)
    /// The session ends: it answers `410 flow-changed`, and its client
    /// starts a new one.
    case end
}

/// A session of an older version of a flow, as its user sees it now: what
/// a migration (``Flow/migrating(from:_:)``) reads to decide where the newer
/// version starts it. Rebuilt by the older version's code, which must still
/// be hosted.
public struct OlderSession {
    /// One screen of the stack, bottom to top.
    public struct ShownScreen: Sendable, Equatable {
        public let name: String
        public let title: String
        public let params: JSONObject
    }

    /// The flow version that recorded it.
    public let flowVersion: Int
    /// The session's version (the migration makes the one after it).
    public let version: Int
    /// The context it was started with, defaults filled in.
    public let context: JSONObject
    /// The screens shown, bottom to top (modals' screens after the screens
    /// under them, as the session document's `stack`).
    public let stack: [ShownScreen]
    /// Its shared store, read with the flow's own ``StoreKey``s
    /// (`old.store[.token]`). For reading: the older session is thrown
    /// away after the migration.
    public let store: SharedStore
    /// True when its root coordinator had finished.
    public let isFinished: Bool

    /// The names of the screens shown, bottom to top.
    public var screenNames: [String] { stack.map(\.name) }
}

extension Session {
    /// The session as a migration reads it (``OlderSession``).
    package var olderSession: OlderSession {
        OlderSession(
            flowVersion: flow.version, version: version, context: context,
            stack: stack.entries.map { OlderSession.ShownScreen(name: $0.screen.name, title: $0.screen.title, params: $0.screen.params) },
            store: store, isFinished: isFinished)
    }
}
