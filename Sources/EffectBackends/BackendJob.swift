/// A call the client has accepted and not yet finished, between attempts
/// or during one.
struct BackendJob {
    let call: BackendCall
    let completion: @Sendable (BackendOutcome) -> Void
    /// When the call times out, in seconds on the monotonic clock.
    let deadline: Double
    /// Attempts made so far.
    var attempts = 0
    /// The next attempt starts no earlier (the backoff's end).
    var notBefore: Double
    /// Why the last attempt failed, when it did and another was due.
    var lastFailure: String?

    init(call: BackendCall, completion: @escaping @Sendable (BackendOutcome) -> Void, acceptedAt now: Double) {
        self.call = call
        self.completion = completion
        self.deadline = now + call.boundedTimeout
        self.notBefore = now
    }
}
