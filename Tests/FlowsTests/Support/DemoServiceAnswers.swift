import TestSupport
import Testing

@testable import Coordination
@testable import Flows

extension CoordinatorEnvironment {
    /// Answers every pending effect with the built-in flows' demo services
    /// (``DemoServices``), oldest first, as a server with fast services
    /// would: for tests that drive coordinators without a session.
    func answerPendingEffects() throws {
        while let pending = effects.pending.first {
            let request = pending.request
            let performer = try #require(DemoServices.performers.first { $0.name == request.name }, "no demo service for \(request.name)")
            let answer = LockedBox<EffectOutcome?>(nil)
            performer.perform(EffectCall(sessionID: "test", effectID: request.id, name: request.name, input: request.input)) {
                outcome in answer.withLock { $0 = outcome }
            }
            let outcome = try #require(answer.withLock { $0 }, "the demo service did not answer at once")
            _ = effects.take(request.id)?.handler(outcome)
        }
    }
}
