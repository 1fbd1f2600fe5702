import HTTPCore
import Sessions

/// The answer to a change that started effects.
extension NavigationAPI {
    /// `respond(snapshot)` at once; or, when the change started effects and
    /// `--effect-wait` is not 0, once their outcomes are recorded or the
    /// wait is over, with the session as it is then (its version counts the
    /// outcomes). The wait holds no worker thread: the connection is
    /// suspended (``DeferredResponse``). Outcomes that come later reach
    /// clients on the session's stream.
    func answer(
        after snapshot: SessionSnapshot, by caller: Caller, _ respond: @escaping @Sendable (SessionSnapshot) -> HTTPResponse
    ) -> HTTPResponse {
        let wait = registry.effectOptions.answerWait
        guard !snapshot.startedEffects.isEmpty, wait > 0 else { return respond(snapshot) }
        // A stopping server answers with the session as the change left it.
        let deferred = DeferredResponse(serverStopResponse: respond(snapshot))
        registry.whenEffectsRecorded(snapshot.startedEffects, of: snapshot.id, atMost: wait) { [registry] in
            let latest = try? registry.document(of: snapshot.id, by: caller)
            deferred.complete(with: respond(latest.flatMap { $0.version >= snapshot.version ? $0 : nil } ?? snapshot))
        }
        return HTTPResponse(deferred: deferred)
    }
}
