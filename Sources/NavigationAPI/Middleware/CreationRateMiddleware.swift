import HTTPCore

/// The per-client creation rate (`--create-rate`, ``CreationRate``): a
/// route that ``Route/limitsCreations`` takes a token from the client's
/// bucket, or is refused with 429 `create-rate-limited` and the seconds
/// until the next token. Checked before the body is parsed, so a refusal
/// costs next to nothing; every attempt counts, including those that then fail.
struct CreationRateMiddleware: Middleware {
    let rate: CreationRate
    let limiter: ClientRateLimiter
    /// Whether the client is the last `X-Forwarded-For` address rather than
    /// the connection's peer (see ``ClientKey``).
    let trustForwardedFor: Bool

    func respond(to context: RequestContext, next: (RequestContext) -> HTTPResponse) -> HTTPResponse {
        // A head is checked again, body and all, once it has arrived: a token then.
        guard context.route?.limitsCreations == true, !context.isHeadOnly else { return next(context) }
        let client = ClientKey.of(context.request, trustingForwardedFor: trustForwardedFor)
        guard case .refused(let retryAfterSeconds) = limiter.take(for: client) else { return next(context) }
        return Problem.createRateLimited(rate: rate, retryAfterSeconds: retryAfterSeconds).response
    }
}

extension Problem {
    static func createRateLimited(rate: CreationRate, retryAfterSeconds: Int) -> Problem {
        var problem = Problem(
            .createRateLimited,
            "this client may create \(rate.burst) sessions at once and then \(SecondsText.format(rate.perSecond)) a second; "
                + "retry after \(retryAfterSeconds) s, or reuse the sessions it has")
        problem.headers = [("Retry-After", String(retryAfterSeconds))]
        return problem
    }
}
