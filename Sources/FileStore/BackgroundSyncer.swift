import Foundation

/// The thread of ``FsyncPolicy/everysec``: every interval, runs `sync`
/// (which fsyncs only if something was written since the last time).
///
/// `@unchecked Sendable`: `stopping`, `finished` and `thread` are only
/// touched with `condition` locked, except that `thread` is first set
/// before the thread starts.
final class BackgroundSyncer: @unchecked Sendable {
    private let condition = ConditionLock()
    private var stopping = false
    private var finished = false
    private var thread: Thread?

    init(interval: Double, sync: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in run(interval: interval, sync: sync) }
        thread.name = "journal-fsync"
        self.thread = thread
        thread.start()
    }

    /// Stops the thread and waits until it has, unless called on that
    /// thread (the store's last reference can go while `sync` runs there).
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        condition.broadcast()
        guard Thread.current !== thread else { return }
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
        thread = nil  // the thread holds this object: break the cycle
        condition.broadcast()
        condition.unlock()
    }
}
