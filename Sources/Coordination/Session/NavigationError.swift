/// Why the engine refused a request. Nothing changed when one is thrown.
///
/// ``Kind`` says what went wrong in terms a client can act on; the API layer
/// maps each kind to an HTTP status and a problem type.
public struct NavigationError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        /// No live session has that id (never existed, ended, or expired).
        case sessionNotFound
        /// No flow has that name.
        case flowNotFound
        /// The context does not match the flow's declared context.
        case invalidContext
        /// The event names a screen that is not the active (top) one.
        case screenNotActive
        /// The root coordinator has finished: the session takes no more events.
        case sessionFinished
        /// The client's expected version is not the current one.
        case versionMismatch
        /// The screen does not accept that event.
        case eventNotAccepted
        /// The payload does not match the event's fields.
        case invalidPayload
        /// The coordinator refused the event (``EventRejection``).
        case eventRejected
        /// The server holds as many sessions as it may.
        case tooManySessions
        /// The session accepted as many events as it may.
        case eventLimitReached
        /// The event would put more screens on the stack than the limit allows.
        case stackLimitReached
        /// The event, or the new session's context and first screens, would
        /// take the session past ``SessionLimits/maxSessionBytes``.
        case sessionTooLarge
        /// The session was recorded by another version of its flow, or its
        /// recorded events no longer replay: it cannot be brought back.
        case flowChanged
        /// The session store cannot record or read now (a full or read-only
        /// disk, an unreachable Redis); nothing changed, a retry may succeed.
        case storeUnavailable
        /// The session's flow version is hosted by other instances on the
        /// shared store, not by this one: nothing changed, and a retry
        /// (which a load balancer may send to another instance) may succeed.
        case flowVersionUnavailable
        /// The link is not a well-formed path (``DeepLink/init(_:)`` says why).
        case invalidLink
        /// No link pattern of the flow matches the link.
        case unknownLink
        /// A pattern matched but the flow does not know its values (``LinkRejection``).
        case linkRejected
        /// The flow misused its router or broke an invariant: a bug in the flow.
        case flowFailure
    }

    public let kind: Kind
    /// One sentence a client developer can act on.
    public let detail: String
    /// For ``Kind/eventNotAccepted``: what the screen does accept.
    public var acceptedEvents: [String]
    /// For ``Kind/invalidPayload`` and ``Kind/invalidContext``: each problem.
    public var fieldProblems: [FieldProblem]
    /// The session's version when the error was decided, where it helps.
    public var currentVersion: Int?
    /// For ``Kind/screenNotActive``: the id of the screen that is active.
    public var activeScreen: String?
    /// For ``Kind/flowChanged``: the flow version the session was recorded
    /// under, and the version this server runs (nil: the flow is gone).
    public var recordedFlowVersion: Int?
    public var currentFlowVersion: Int?
    /// For ``Kind/flowChanged`` of a session whose replay diverged: the
    /// first session version whose document is not the one recorded.
    public var divergedAtVersion: Int?
    /// For ``Kind/sessionTooLarge``: the session's byte limit.
    public var limitBytes: Int?
    /// For ``Kind/sessionTooLarge`` of an event: the bytes the (unchanged) session holds.
    public var sessionBytes: Int?
    /// For ``Kind/unknownLink``: the patterns the flow follows.
    public var linkPatterns: [String]
    /// For ``Kind/flowFailure`` on an event: true when the session could
    /// not be put back as it was (its flow did not replay its own accepted
    /// events the same way) and was removed; false when it is unchanged.
    public var sessionWasLost = false

    public init(
        _ kind: Kind, _ detail: String, acceptedEvents: [String] = [],
        fieldProblems: [FieldProblem] = [], currentVersion: Int? = nil, activeScreen: String? = nil,
        limitBytes: Int? = nil, sessionBytes: Int? = nil, linkPatterns: [String] = []
    ) {
        self.kind = kind
        self.detail = detail
        self.acceptedEvents = acceptedEvents
        self.fieldProblems = fieldProblems
        self.currentVersion = currentVersion
        self.activeScreen = activeScreen
        self.limitBytes = limitBytes
        self.sessionBytes = sessionBytes
        self.linkPatterns = linkPatterns
    }

    public var description: String { "\(kind.rawValue): \(detail)" }
}
