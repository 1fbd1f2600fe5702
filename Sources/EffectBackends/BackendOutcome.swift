import JSON

/// How a ``BackendCall`` ended.
public enum BackendOutcome: Sendable, Equatable {
    /// The backend answered 2xx. `body` is the answer parsed as JSON,
    /// whatever its `Content-Type`; an empty body, or one that is not JSON,
    /// is `.null`: the backend said yes, and asking again could act twice.
    case success(status: Int, body: JSONValue)
    /// The backend answered 4xx (other than 408 and 429): it said no, and
    /// asking again would not change that. Not retried. `detail` is the
    /// `detail` string of a JSON body (`application/problem+json`, or any
    /// JSON media type), or the text of a `text/plain` body; one line, at
    /// most ``RejectionDetail/maxBytes`` bytes; `nil` otherwise.
    case rejected(status: Int, detail: String?)
    /// The backend could not be used. Either the retries ran out within the
    /// timeout (connection refused or reset, nothing answered, 5xx, 408,
    /// 429: the next attempt, or the wait a `Retry-After` asked for, would
    /// not fit in the time left), or trying again cannot help and the call
    /// ends at once: a redirect (3xx, never followed: the URL is wrong), a
    /// 2xx answer larger than the client's limit, a TLS certificate that is
    /// not trusted, the client shutting down. `reason` is for the
    /// operator's log, not for a person using the app.
    case unavailable(reason: String)
    /// The timeout passed before an answer: an attempt was still waiting
    /// for the backend (it accepted the connection and never answered, or
    /// never completed the connection), or the call was still waiting for a
    /// connection slot (``BackendClient``'s `maxConcurrent`).
    case timedOut
}
