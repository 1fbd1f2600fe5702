/// Every kind of problem this API reports, each with its HTTP status and a
/// stable `type` URI: `urn:navigation-server:problem:<raw value>`.
///
/// openapi.yaml lists the same set; a test keeps the two in step.
public enum ProblemType: String, Sendable, CaseIterable {
    // The request itself.
    case notFound = "not-found"
    case methodNotAllowed = "method-not-allowed"
    case malformedJSON = "malformed-json"
    case invalidRequest = "invalid-request"
    case invalidQuery = "invalid-query"
    case unsupportedMediaType = "unsupported-media-type"
    case bodyTooLarge = "body-too-large"
    case malformedRequest = "malformed-request"
    // The server itself.
    case draining = "draining"
    case unauthorized = "unauthorized"
    case createRateLimited = "create-rate-limited"
    case tooManyStreams = "too-many-streams"
    case tooManySubscribers = "too-many-subscribers"
    case tooManyClientStreams = "too-many-client-streams"
    case hostNotAllowed = "host-not-allowed"
    // The engine's refusals, one per `NavigationError.Kind`.
    case sessionNotFound = "session-not-found"
    case flowNotFound = "flow-not-found"
    case invalidContext = "invalid-context"
    case screenNotActive = "screen-not-active"
    case sessionFinished = "session-finished"
    case versionMismatch = "version-mismatch"
    case eventNotAccepted = "event-not-accepted"
    case invalidPayload = "invalid-payload"
    case eventRejected = "event-rejected"
    case tooManySessions = "too-many-sessions"
    case eventLimitReached = "event-limit-reached"
    case stackLimitReached = "stack-limit-reached"
    case sessionTooLarge = "session-too-large"
    case flowFailure = "flow-failure"
    case flowChanged = "flow-changed"
    case storeUnavailable = "store-unavailable"
    case flowVersionUnavailable = "flow-version-unavailable"
    case invalidLink = "invalid-link"
    case unknownLink = "unknown-link"
    case linkRejected = "link-rejected"

    /// The problem's `type` member.
    public var uri: String { "urn:navigation-server:problem:" + rawValue }

    public var status: Int {
        switch self {
        case .malformedJSON, .invalidRequest, .invalidQuery, .invalidLink, .malformedRequest: 400
        case .unauthorized: 401
        case .notFound, .sessionNotFound, .flowNotFound, .unknownLink: 404
        case .methodNotAllowed: 405
        case .screenNotActive, .sessionFinished, .eventLimitReached, .stackLimitReached: 409
        case .versionMismatch: 412
        case .bodyTooLarge, .sessionTooLarge: 413
        case .unsupportedMediaType: 415
        case .invalidContext, .eventNotAccepted, .invalidPayload, .eventRejected, .linkRejected: 422
        case .hostNotAllowed: 421
        case .tooManySessions, .createRateLimited, .tooManySubscribers, .tooManyClientStreams: 429
        case .draining, .storeUnavailable, .flowVersionUnavailable, .tooManyStreams: 503
        case .flowChanged: 410
        case .flowFailure: 500
        }
    }

    /// The problem's `title`: the same short summary for every occurrence.
    public var title: String {
        switch self {
        case .notFound: "No such resource"
        case .methodNotAllowed: "Method not allowed"
        case .malformedJSON: "Malformed JSON"
        case .invalidRequest: "Invalid request body"
        case .invalidQuery: "Invalid query parameter"
        case .unsupportedMediaType: "Unsupported media type"
        case .bodyTooLarge: "Request body too large"
        case .malformedRequest: "Malformed HTTP request"
        case .draining: "Server draining"
        case .unauthorized: "API key required"
        case .createRateLimited: "Session creation rate exceeded"
        case .tooManyStreams: "Too many open streams"
        case .tooManySubscribers: "Too many streams on this session"
        case .tooManyClientStreams: "Too many streams from this client"
        case .hostNotAllowed: "Host not allowed"
        case .sessionNotFound: "Session not found"
        case .flowNotFound: "Flow not found"
        case .invalidContext: "Invalid context"
        case .screenNotActive: "Screen not active"
        case .sessionFinished: "Session finished"
        case .versionMismatch: "Version mismatch"
        case .eventNotAccepted: "Event not accepted"
        case .invalidPayload: "Invalid payload"
        case .eventRejected: "Event rejected"
        case .tooManySessions: "Too many sessions"
        case .eventLimitReached: "Event limit reached"
        case .stackLimitReached: "Stack limit reached"
        case .sessionTooLarge: "Session too large"
        case .flowFailure: "Flow failure"
        case .flowChanged: "Flow changed"
        case .storeUnavailable: "Session store unavailable"
        case .flowVersionUnavailable: "Flow version not hosted here"
        case .invalidLink: "Invalid link"
        case .unknownLink: "Unknown link"
        case .linkRejected: "Link rejected"
        }
    }
}
