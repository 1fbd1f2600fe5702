import Coordination
import Platform

/// Live sessions per hosted flow version: what `GET /v1/flows` and
/// `/metrics` report, and what an operator reads before retiring a
/// version. One relaxed atomic add when a session starts and one when it
/// closes; counted from the store's journals when the registry opens.
///
/// Sessions of versions this server does not host are counted apart
/// (``unhostedCount``): they answer `410 flow-changed` until they expire.
///
/// With a shared store (Redis) the journals are not read at open: each
/// instance counts the sessions it started, migrated and saw close, so a
/// count is approximate there (never below 0).
final class FlowCensus: Sendable {
    private let counts: AtomicCounters
    private let unhosted: Int

    /// Counts for each of `catalog`'s positions, those it may add
    /// included (``FlowCatalog/positionCapacity``), all 0.
    init(catalog: FlowCatalog) {
        unhosted = catalog.positionCapacity
        counts = AtomicCounters(count: catalog.positionCapacity + 1)
    }

    /// A session of the flow version at `position` (nil: one not hosted) started, or was found at open.
    func add(at position: Int?) {
        counts.add(1, at: position ?? unhosted)
    }

    /// A session of the flow version at `position` (nil: one not hosted) closed.
    func remove(at position: Int?) {
        counts.add(-1, at: position ?? unhosted)
    }

    /// Live sessions of the flow version at `position`.
    func count(at position: Int) -> Int {
        max(0, counts.value(at: position))
    }

    /// Live sessions of flow versions this server does not host.
    var unhostedCount: Int { max(0, counts.value(at: unhosted)) }
}
