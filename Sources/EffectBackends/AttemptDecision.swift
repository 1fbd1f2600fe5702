import JSON

/// What follows an attempt: the call's outcome, or another attempt.
enum AttemptDecision: Sendable, Equatable {
    case finish(BackendOutcome)
    /// Another attempt after a wait; `failure` says why this one failed.
    case retry(afterSeconds: Double, failure: String)

    /// The outcome of a call whose deadline passed, during an attempt or
    /// while it waited for a slot, after `attempts` attempts: `timedOut`
    /// when none had failed, else `unavailable` with the last failure
    /// (`lastFailure`): the backend had answered, just not usefully.
    static func deadlinePassed(attempts: Int, lastFailure: String?) -> BackendOutcome {
        guard let lastFailure else { return .timedOut }
        return .unavailable(reason: "\(lastFailure) (\(attemptCount(attempts)), then the timeout)")
    }

    fileprivate static func attemptCount(_ attempts: Int) -> String {
        attempts == 1 ? "1 attempt" : "\(attempts) attempts"
    }
}

extension AttemptResult {
    /// Decides what follows this attempt. `attempts` counts the call's
    /// attempts so far, this one included; `lastFailure` is why the one
    /// before failed, if it did; `secondsLeft` is the time to the call's
    /// deadline; `jitter` a random number in 0 ..< 1 for the backoff.
    ///
    /// Another attempt is made only when it may succeed and its wait ends
    /// before the deadline; otherwise the call ends now rather than sleep
    /// into a certain failure.
    func decision(
        attempts: Int, lastFailure: String? = nil, secondsLeft: Double, policy: RetryPolicy, jitter: Double, bodyLimit: Int
    ) -> AttemptDecision {
        switch self {
        case .cutByDeadline:
            return .finish(AttemptDecision.deadlinePassed(attempts: attempts, lastFailure: lastFailure))
        case .permanentFailure(let reason):
            return .finish(.unavailable(reason: reason))
        case .transientFailure(let reason):
            return Self.retry(
                reason: reason, attempts: attempts, secondsLeft: secondsLeft, wait: policy.delay(afterAttempts: attempts, jitter: jitter))
        case .answered(let response):
            return response.decision(attempts: attempts, secondsLeft: secondsLeft, policy: policy, jitter: jitter, bodyLimit: bodyLimit)
        }
    }

    /// Another attempt after `wait` seconds when that ends before the
    /// deadline; else `unavailable` with this failure.
    fileprivate static func retry(reason: String, attempts: Int, secondsLeft: Double, wait: Double) -> AttemptDecision {
        guard wait < secondsLeft else {
            return .finish(.unavailable(reason: "\(reason) (\(AttemptDecision.attemptCount(attempts)), no time left for another)"))
        }
        return .retry(afterSeconds: wait, failure: reason)
    }
}

extension AttemptResponse {
    fileprivate func decision(attempts: Int, secondsLeft: Double, policy: RetryPolicy, jitter: Double, bodyLimit: Int) -> AttemptDecision {
        switch status {
        case 200...299:
            if isBodyCut {
                return .finish(.unavailable(reason: "the backend answered \(status) with a body over the limit of \(bodyLimit) bytes"))
            }
            return .finish(.success(status: status, body: Self.json(body)))
        case 300...399:
            return .finish(
                .unavailable(reason: "the backend answered \(status), a redirect, and redirects are not followed: check its URL"))
        case 408, 429, 500...599:
            let reason = "the backend answered \(status)"
            var wait = policy.delay(afterAttempts: attempts, jitter: jitter)
            if status == 429 || status == 503, let retryAfter = retryAfterSeconds {
                guard retryAfter < secondsLeft else {
                    return .finish(.unavailable(reason: "\(reason) and asked to wait \(Self.seconds(retryAfter)) s, past the timeout"))
                }
                wait = max(wait, retryAfter)
            }
            return AttemptResult.retry(reason: reason, attempts: attempts, secondsLeft: secondsLeft, wait: wait)
        case 400...499:
            return .finish(.rejected(status: status, detail: RejectionDetail.detail(body: body, contentType: contentType)))
        default:
            return .finish(.unavailable(reason: "the backend answered with status \(status), which is not an HTTP answer"))
        }
    }

    /// The body as JSON; `.null` when it is empty or not JSON.
    private static func json(_ body: [UInt8]) -> JSONValue {
        (try? JSONParser.parse(body)) ?? .null
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value)
    }
}
