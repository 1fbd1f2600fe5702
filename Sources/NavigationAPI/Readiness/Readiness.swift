import Synchronization

/// Whether the server wants new traffic: `GET /readyz` answers 200 while it
/// does and 503 once ``beginDraining()`` was called on the way to a stop.
///
/// Draining changes nothing else: requests are still served, so a load
/// balancer has time to notice and stop sending before the process exits.
public final class Readiness: Sendable {
    private let draining = Atomic<Bool>(false)

    public init() {}

    public var isReady: Bool { !draining.load(ordering: .relaxed) }

    /// From now on `/readyz` is 503; there is no way back.
    public func beginDraining() {
        draining.store(true, ordering: .relaxed)
    }
}
