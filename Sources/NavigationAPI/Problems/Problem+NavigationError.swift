import Coordination

extension ProblemType {
    /// The problem type that reports an engine refusal of `kind`.
    init(_ kind: NavigationError.Kind) {
        switch kind {
        case .sessionNotFound: self = .sessionNotFound
        case .flowNotFound: self = .flowNotFound
        case .invalidContext: self = .invalidContext
        case .screenNotActive: self = .screenNotActive
        case .sessionFinished: self = .sessionFinished
        case .versionMismatch: self = .versionMismatch
        case .eventNotAccepted: self = .eventNotAccepted
        case .invalidPayload: self = .invalidPayload
        case .eventRejected: self = .eventRejected
        case .tooManySessions: self = .tooManySessions
        case .eventLimitReached: self = .eventLimitReached
        case .stackLimitReached: self = .stackLimitReached
        case .sessionTooLarge: self = .sessionTooLarge
        case .flowChanged: self = .flowChanged
        case .storeUnavailable: self = .storeUnavailable
        case .flowVersionUnavailable: self = .flowVersionUnavailable
        case .flowFailure: self = .flowFailure
        case .invalidLink: self = .invalidLink
        case .unknownLink: self = .unknownLink
        case .linkRejected: self = .linkRejected
        }
    }
}

extension Problem {
    /// The problem a client gets for an engine refusal.
    ///
    /// - Parameters:
    ///   - retryAfterSeconds: sent as `Retry-After` with `too-many-sessions`
    ///     (429), `store-unavailable` and `flow-version-unavailable` (503).
    ///   - outcome: what a `flow-failure` left behind, when it is not a
    ///     session unchanged or lost (a creation: "no session was created").
    init(_ error: NavigationError, retryAfterSeconds: Int, outcome: String? = nil) {
        let type = ProblemType(error.kind)
        switch error.kind {
        case .flowFailure:
            let lost =
                "the session was lost (its flow did not replay its accepted events the same way) and has been removed; start a new session"
            let outcome = outcome ?? (error.sessionWasLost ? lost : "the session is unchanged")
            self.init(type, "a bug in the flow, not in the request; \(outcome): \(error.detail)")
        default:
            self.init(type, error.detail)
        }
        if error.kind == .eventNotAccepted { acceptedEvents = error.acceptedEvents }
        if error.kind == .unknownLink { linkPatterns = error.linkPatterns }
        errors = error.fieldProblems
        currentVersion = error.currentVersion
        activeScreen = error.activeScreen
        limitBytes = error.limitBytes
        recordedFlowVersion = error.recordedFlowVersion
        currentFlowVersion = error.currentFlowVersion
        divergedAtVersion = error.divergedAtVersion
        sessionBytes = error.sessionBytes
        if error.kind == .tooManySessions || error.kind == .storeUnavailable || error.kind == .flowVersionUnavailable {
            headers = [("Retry-After", String(retryAfterSeconds))]
        }
    }
}
