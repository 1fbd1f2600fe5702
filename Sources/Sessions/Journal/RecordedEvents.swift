import Coordination

/// A session's accepted events as its journal holds them: the audit log of
/// `GET /v1/sessions/{id}/events`, from which the session is rebuilt.
public struct RecordedEvents: Sendable, Equatable {
    /// One accepted event and the version it produced.
    public struct Event: Sendable, Equatable {
        /// The session version this event produced (2 for the first one:
        /// the created record is version 1).
        public let version: Int
        /// When it was accepted: wall-clock milliseconds since 1970.
        public let time: Int64
        public let event: ClientEvent

        public init(version: Int, time: Int64, event: ClientEvent) {
            self.version = version
            self.time = time
            self.event = event
        }
    }

    /// The flow the session was recorded by, and its version then.
    public let flow: String
    public let flowVersion: Int
    /// When the session started: wall-clock milliseconds since 1970.
    public let created: Int64
    /// The session's current version.
    public let version: Int
    /// The events asked for, oldest first.
    public let events: [Event]

    public init(flow: String, flowVersion: Int, created: Int64, version: Int, events: [Event]) {
        self.flow = flow
        self.flowVersion = flowVersion
        self.created = created
        self.version = version
        self.events = events
    }
}
