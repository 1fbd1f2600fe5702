import Coordination
import EffectBackends

/// The performers of `--backend NAME=URL`: each effect of that name is an
/// HTTP `POST` of its input, as JSON, to the URL, through one shared
/// ``BackendClient`` (libcurl, on one thread of its own, so a thousand
/// effects waiting on a slow backend hold no worker thread).
///
/// What the backend answers becomes the effect's outcome: 2xx is success
/// with the answer's JSON body; 4xx is `rejected` with its status and the
/// problem's `detail`; a backend that cannot be used (connection refused,
/// 5xx, 408, 429, retried with backoff until the timeout) is
/// `unavailable`; one that never answers is `timedOut`. Why a backend was
/// unavailable is for the operator (`report`), never for the session: a
/// person is told the service is unavailable.
enum BackendPerformers {
    /// One performer per route, each sending through `client` and giving up
    /// after `timeout` seconds (`--effect-timeout`). `report` hears every
    /// answer, on the client's thread, before the session does.
    static func make(
        _ routes: [BackendRoute], client: BackendClient, timeout: Double,
        report: @escaping @Sendable (EffectCall, BackendOutcome) -> Void = { _, _ in }
    ) -> [EffectPerformer] {
        routes.map { route in
            EffectPerformer(route.name) { call, completion in
                let backendCall = BackendCall(
                    url: route.url, body: call.input.encoded(), idempotencyKey: call.idempotencyKey,
                    requestID: call.idempotencyKey, timeout: timeout)
                client.perform(backendCall) { answer in
                    report(call, answer)
                    completion(outcome(of: answer))
                }
            }
        }
    }

    /// The effect outcome of what a backend answered.
    static func outcome(of answer: BackendOutcome) -> EffectOutcome {
        switch answer {
        case .success(_, let body): .success(body)
        case .rejected(let status, let detail): .failure(EffectFailure(.rejected, reason: detail, status: status))
        case .unavailable: .failure(EffectFailure(.unavailable))
        case .timedOut: .failure(EffectFailure(.timedOut))
        }
    }

    /// `performers` with those of `routes` in place of any of the same name:
    /// a backend replaces an in-process performer (a demo service).
    static func merging(_ backends: [EffectPerformer], over performers: [EffectPerformer]) -> [EffectPerformer] {
        let replaced = Set(backends.map(\.name))
        return performers.filter { !replaced.contains($0.name) } + backends
    }
}
