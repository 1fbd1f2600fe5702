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
    /// The backend could not be used. An attempt failed in a way the
    /// next may not (connection refused or reset, nothing answered, 5xx,
    /// 408, 429), and the retries ran out before the timeout: the next
    /// attempt, or the wait a `Retry-After` asked for, would not fit in the
    /// time left, or the timeout cut off a later attempt. Or trying again
    /// cannot help, and the call ends at once: a redirect (3xx, never
    /// followed: the URL is wrong), a 2xx answer larger than the client's
    /// limit, a TLS certificate that is not trusted, the client shutting
    /// down. `reason` is for the operator's log, not for a person using the
    /// app; it ends with the number of attempts when there were retries.
    case unavailable(reason: String)
    /// The timeout passed, and no attempt had failed before: the backend
    /// never answered (it accepted the connection and said nothing, or
    /// never completed the connection), or the call was still waiting for
    /// a connection slot (``BackendClient``'s `maxConcurrent`).
    case timedOut
}
