import HTTPCore

/// The per-client creation rate of `POST /v1/sessions` (see ``CreationRate``).
extension NavigationAPI {
    /// Takes a token from the client's bucket, or throws 429
    /// `create-rate-limited` with the seconds until the next token. Checked
    /// before the body is parsed, so a refusal costs next to nothing; every
    /// attempt counts, including those that then fail.
    func admitCreation(_ request: HTTPRequest) throws(Problem) {
        let client = ClientKey.of(request, trustingForwardedFor: options.trustForwardedFor)
        guard case .refused(let retryAfterSeconds) = creationLimiter.take(for: client) else { return }
        throw Problem.createRateLimited(rate: options.creationRate, retryAfterSeconds: retryAfterSeconds)
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
