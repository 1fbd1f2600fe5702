import Coordination

/// A session's accepted changes as its journal holds them (client events,
/// deep links' openings, effects' outcomes): the audit log of
/// `GET /v1/sessions/{id}/events`, from which the session is rebuilt.
public struct RecordedEvents: Sendable, Equatable {
    /// One accepted change and the version it produced.
    public struct Event: Sendable, Equatable {
        /// The session version this change produced (2 for the first one:
        /// the created record is version 1).
        public let version: Int
        /// When it was accepted: wall-clock milliseconds since 1970.
        public let time: Int64
        public let change: RecordedChange.Kind

        public init(version: Int, time: Int64, change: RecordedChange.Kind) {
            self.version = version
            self.time = time
            self.change = change
        }

        public init(version: Int, time: Int64, event: ClientEvent) {
            self.init(version: version, time: time, change: .event(event))
        }

        /// The client event, when the change is one.
        public var event: ClientEvent? {
            if case .event(let event) = change { return event }
            return nil
        }
    }

    /// The flow the session was recorded by, and its version then.
    public let flow: String
    public let flowVersion: Int
    /// When the session started: wall-clock milliseconds since 1970.
    public let created: Int64
    /// The deep link the session was created with, opened as part of its start.
    public let link: String?
    /// The session's current version.
    public let version: Int
    /// The events asked for, oldest first.
    public let events: [Event]

    public init(flow: String, flowVersion: Int, created: Int64, link: String? = nil, version: Int, events: [Event]) {
        self.flow = flow
        self.flowVersion = flowVersion
        self.created = created
        self.link = link
        self.version = version
        self.events = events
    }
}
