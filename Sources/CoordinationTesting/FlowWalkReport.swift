/// What a walk that broke nothing covered.
public struct FlowWalkReport: Sendable, CustomStringConvertible {
    public internal(set) var steps = 0
    /// Changes accepted: events, links and effect outcomes.
    public internal(set) var accepted = 0
    /// Refusals the flow was entitled to, by kind (a coordinator's
    /// ``EventRejection``, a payload a field refused, the stack limit).
    public internal(set) var refusals: [NavigationError.Kind: Int] = [:]
    /// Sessions started: one, and one more each time a session finished.
    public internal(set) var sessions = 1
    /// Times the session was rebuilt from its journal and the walk went on with it.
    public internal(set) var replays = 0
    /// The screens the walk saw.
    public internal(set) var screens: Set<String> = []

    /// `500 steps, 438 accepted, refused: linkRejected 9, 1 session, 53 replays, screens: calculator, rates`.
    public var description: String {
        let refused = refusals.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(separator: ", ")
        return "\(steps) steps, \(accepted) accepted, refused: \(refused.isEmpty ? "none" : refused), "
            + "\(sessions) session\(sessions == 1 ? "" : "s"), \(replays) replays, screens: \(screens.sorted().joined(separator: ", "))"
    }
}
