import Coordination
import Flows
import Sessions

/// Two instances' registries on `first` and `second` (stores on one shared
/// server) with room for two sessions, one session created on each: the
/// registries, and the session created on the second.
func twoInstancesWithASessionEach(
    on first: some SessionStore, _ second: some SessionStore
) throws -> (one: SessionRegistry, other: SessionRegistry, elsewhere: SessionSnapshot) {
    var limits = SessionLimits.default
    limits.maxSessions = 2
    let one = SessionRegistry(flows: BuiltinFlows.all, limits: limits, store: first)
    let other = SessionRegistry(flows: BuiltinFlows.all, limits: limits, store: second)
    _ = try one.create(flow: "exchange", context: nil)
    return (one, other, try other.create(flow: "exchange", context: nil))
}
