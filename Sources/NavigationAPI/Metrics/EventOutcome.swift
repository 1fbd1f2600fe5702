import Coordination

/// How an event sent to a live session ended, as the `outcome` label of
/// `navigation_events_total`: `accepted`, or the problem type of the refusal
/// (`event-not-accepted`, `version-mismatch`, …).
enum EventOutcome {
    case accepted
    case refused(NavigationError.Kind)

    /// Every label value, `accepted` first, each refusal in the order of `NavigationError.Kind`.
    static let labels: [String] = ["accepted"] + NavigationError.Kind.allCases.map { ProblemType($0).rawValue }

    var index: Int {
        switch self {
        case .accepted: 0
        case .refused(let kind): 1 + (NavigationError.Kind.allCases.firstIndex(of: kind) ?? 0)
        }
    }
}
