import FlowTestSupport
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
            let outcome = try DemoEffects.outcome(of: request)
            _ = effects.take(request.id)?.handler(outcome)
        }
    }
}
