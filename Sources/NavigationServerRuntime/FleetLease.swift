import Dispatch
import Sessions
import Synchronization

/// This instance's lease among the instances on a shared store
/// (``Sessions/SessionRegistry/renewFleetLease(forSeconds:)``): renewed
/// once before the server listens, then every fifth of `--instance-lease`
/// off the request threads, and released at once when a stop signal
/// arrives, before the drain, so the other instances stop counting this
/// one's versions at their next renewal.
///
/// `@unchecked Sendable`: every stored property is Sendable but the timer,
/// a dispatch source, which may be used from any thread.
final class FleetLease: @unchecked Sendable {
    private let registry: SessionRegistry
    private let seconds: Double
    private let logger: Logger
    /// Renewals and the release run here, one at a time: no renewal lands
    /// after the release.
    private let queue = DispatchQueue(label: "navigation-server.fleet-lease")
    private let timer: DispatchSourceTimer
    /// Whether the last renewal failed: a failure is logged once, and the recovery.
    private let failing = Atomic<Bool>(false)

    /// Nil for a store only this process writes.
    static func start(_ registry: SessionRegistry, seconds: Double, logger: Logger) -> FleetLease? {
        guard registry.store.isShared else { return nil }
        return FleetLease(registry, seconds: seconds, logger: logger)
    }

    private init(_ registry: SessionRegistry, seconds: Double, logger: Logger) {
        self.registry = registry
        self.seconds = seconds
        self.logger = logger
        timer = DispatchSource.makeTimerSource(queue: queue)
        queue.sync { renew() }
        logger.log(.info, "instance lease") { line in
            line.field("instances", registry.fleetInstanceCount)
            line.field("lease_seconds", String(seconds))
        }
        let interval = seconds / 5
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(Int(interval * 100)))
        timer.setEventHandler { [weak self] in self?.renew() }
        timer.resume()
    }

    /// Stops renewing and ends the lease; returns once it is released.
    func release() {
        queue.sync {
            timer.cancel()
            registry.releaseFleetLease()
        }
    }

    private func renew() {
        do throws(StoreError) {
            try registry.renewFleetLease(forSeconds: seconds)
            if failing.exchange(false, ordering: .relaxed) { logger.log(.info, "instance lease renewed again") }
        } catch {
            if !failing.exchange(true, ordering: .relaxed) {
                logger.log(.warn, "instance lease not renewed") { line in
                    line.field("detail", error.description)
                    line.field(
                        "effect", "new sessions start where the last renewal said; other instances stop counting this one's versions")
                }
            }
        }
    }
}
