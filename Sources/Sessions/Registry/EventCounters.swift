import Coordination
import Platform

/// How an event sent to a live session ended: accepted, or refused for a
/// reason (``NavigationError/Kind``). Deep links count as events.
public enum EventOutcome: Sendable, Hashable {
    case accepted
    case refused(NavigationError.Kind)

    /// Every outcome, `accepted` first, then each refusal in the order of
    /// ``NavigationError/Kind``.
    public static let all: [EventOutcome] = [.accepted] + NavigationError.Kind.allCases.map(EventOutcome.refused)

    /// The outcome's position in ``all``.
    var index: Int {
        switch self {
        case .accepted: 0
        case .refused(let kind): 1 + (NavigationError.Kind.allCases.firstIndex(of: kind) ?? 0)
        }
    }
}

/// Events sent to live sessions since start, by flow and ``EventOutcome``:
/// one relaxed atomic add per event, so counting costs requests nothing
/// measurable. Events to no session are not counted (the session's flow is
/// unknown).
public final class EventCounters: Sendable {
    /// A flow's position among the catalog's names is its row of counters.
    private let flows: FlowCatalog
    private let counts: AtomicCounters

    init(flows: FlowCatalog) {
        self.flows = flows
        counts = AtomicCounters(count: max(1, flows.nameCapacity) * EventOutcome.all.count)
    }

    func record(flow: String, _ outcome: EventOutcome) {
        guard let slot = slot(flow: flow, outcome) else { return }
        counts.add(1, at: slot)
    }

    /// Events of `flow` that ended with `outcome` since start (0 for a flow
    /// this server does not host).
    public func count(flow: String, _ outcome: EventOutcome) -> Int {
        guard let slot = slot(flow: flow, outcome) else { return 0 }
        return counts.value(at: slot)
    }

    private func slot(flow: String, _ outcome: EventOutcome) -> Int? {
        flows.position(of: flow).map { $0 * EventOutcome.all.count + outcome.index }
    }
}
