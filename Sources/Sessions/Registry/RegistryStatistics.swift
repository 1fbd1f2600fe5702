import Coordination
import Synchronization

/// Lifetime counts of a ``SessionRegistry``.
public struct RegistryStatistics: Sendable, Equatable {
    public let created: Int
    public let ended: Int
    public let evicted: Int
    /// Sessions whose journal this server's flows could not replay (410).
    public let flowChanged: Int
    /// Cached sessions brought up to date by replaying only the records
    /// another instance appended.
    public var caughtUp: Int = 0
    /// Rendered documents of idle cached sessions freed
    /// (``SessionRegistry/releaseIdleDocuments()``).
    public var documentsReleased: Int = 0
    /// Sessions of retired flow versions taken over by a newer version.
    public var migrated: Int = 0
    /// Sessions whose replay produced another document than the one
    /// recorded (counted in ``flowChanged`` too).
    public var diverged: Int = 0
}

final class RegistryCounters: Sendable {
    let created = Atomic<Int>(0)
    let ended = Atomic<Int>(0)
    let evicted = Atomic<Int>(0)
    let flowChanged = Atomic<Int>(0)
    let caughtUp = Atomic<Int>(0)
    let documentsReleased = Atomic<Int>(0)
    let migrated = Atomic<Int>(0)
    let diverged = Atomic<Int>(0)

    func snapshot() -> RegistryStatistics {
        RegistryStatistics(
            created: created.load(ordering: .relaxed),
            ended: ended.load(ordering: .relaxed),
            evicted: evicted.load(ordering: .relaxed),
            flowChanged: flowChanged.load(ordering: .relaxed),
            caughtUp: caughtUp.load(ordering: .relaxed),
            documentsReleased: documentsReleased.load(ordering: .relaxed),
            migrated: migrated.load(ordering: .relaxed),
            diverged: diverged.load(ordering: .relaxed))
    }
}
