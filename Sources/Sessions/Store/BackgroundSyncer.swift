import Foundation

/// The thread of ``FsyncPolicy/everysec``: every interval, runs `sync`
/// (which fsyncs only if something was written since the last time).
///
/// `@unchecked Sendable`: `stopping` and `finished` are only touched with
/// `condition` locked.
final class BackgroundSyncer: @unchecked Sendable {
    private let condition = ConditionLock()
    private var stopping = false
    private var finished = false

    init(interval: Double, sync: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in run(interval: interval, sync: sync) }
        thread.name = "journal-fsync"
        thread.start()
    }

    /// Stops the thread and waits until it has.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        condition.broadcast()
        while !finished { condition.wait() }
    }

    private func run(interval: Double, sync: @Sendable () -> Void) {
        condition.lock()
        while !stopping {
            condition.wait(seconds: interval)
            if stopping { break }
            condition.unlock()
            sync()
            condition.lock()
        }
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}
