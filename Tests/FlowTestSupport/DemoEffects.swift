import Coordination
import Flows
import TestSupport

/// Answers the effects of a session driven without a server, with the
/// built-in flows' demo services (``DemoServices``), as a server whose
/// services answer at once would.
public enum DemoEffects {
    /// Why a session could not be answered: an effect with no demo
    /// service, or one that did not answer at once.
    public struct Unanswered: Error, CustomStringConvertible {
        public let description: String
    }

    /// Delivers the demo services' outcome to every effect `session`
    /// waits for, oldest first, until none is pending (an outcome may ask
    /// for another); at `time`.
    public static func answerPending(of session: Session, at time: Int64 = 0) throws {
        while let pending = session.pendingEffects.first {
            try session.deliver(outcome(of: pending, sessionID: session.id), to: pending.id, at: time)
        }
    }

    /// What the demo service of `request` answers, at once.
    public static func outcome(of request: EffectRequest, sessionID: String = "test") throws(Unanswered) -> EffectOutcome {
        guard let performer = DemoServices.performers.first(where: { $0.name == request.name }) else {
            throw Unanswered(description: "no demo service performs \(request.name)")
        }
        let answer = LockedBox<EffectOutcome?>(nil)
        performer.perform(EffectCall(sessionID: sessionID, effectID: request.id, name: request.name, input: request.input)) {
            outcome in answer.withLock { $0 = outcome }
        }
        guard let outcome = answer.withLock({ $0 }) else {
            throw Unanswered(description: "the demo service for \(request.name) did not answer at once")
        }
        return outcome
    }
}
