/// An RFC 9457 problem the server answered with (`application/problem+json`).
public struct Problem: Codable, Sendable, Hashable, Error {
    /// `urn:navigation-server:problem:<kind>`.
    public var type: String
    public var title: String
    public var status: Int
    /// What went wrong this time, in a sentence a developer can act on.
    public var detail: String
    /// For invalid payloads, requests and contexts: each member that is wrong.
    public var errors: [FieldError]?
    /// With more field errors than a problem lists (20), how many were left out.
    public var omittedErrors: Int?
    /// For `event-not-accepted`: what the screen does accept.
    public var acceptedEvents: [String]?
    /// For 409 and 412: the session's version when the request was refused.
    public var currentVersion: Int?
    /// For `screen-not-active`: the screen that is.
    public var activeScreen: String?
    /// For `flow-changed`: the version of the flow that recorded the session.
    public var recordedFlowVersion: Int?
    /// For `flow-changed`: the version the server runs (absent when it no longer hosts the flow).
    public var currentFlowVersion: Int?
    /// For `unknown-link`: the patterns the flow follows.
    public var patterns: [String]?
    /// Seconds from the `Retry-After` header, when the answer had one.
    public var retryAfter: Int?

    public init(type: String, title: String = "", status: Int, detail: String = "") {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
    }

    /// The last part of `type`: `version-mismatch`, `screen-not-active`, `flow-changed`, …
    public var kind: String {
        type.split(separator: ":").last.map(String.init) ?? type
    }
}

/// One member of a request that is wrong, and why.
public struct FieldError: Codable, Sendable, Hashable {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}
