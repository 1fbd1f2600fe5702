import Sessions

/// Group commit for ``FsyncPolicy/always``: an appender whose record is not
/// yet durable either waits for the fsync under way, or, if none is, runs
/// one itself (the leader). An fsync covers every record written before it
/// started, so appenders that arrive while it runs are all covered by the
/// next one: N concurrent appends cost far fewer than N fsyncs.
///
/// `@unchecked Sendable`: the properties are only touched with `condition`
/// locked.
final class GroupCommit: @unchecked Sendable {
    private let condition = ConditionLock()
    /// Every record with a write sequence up to this one is on disk.
    private var durableSequence: UInt64 = 0
    private var leaderRunning = false
    /// An fsync failed: what was written may not be on disk, and a retried
    /// fsync could report success without it (the kernel may have dropped
    /// the dirty pages). Every later wait fails until the store reopens.
    private var failure: StoreError?

    /// Returns once the record with write sequence `sequence` is durable.
    /// `sync` fsyncs what has been written and returns the highest write
    /// sequence it covered; it runs on the calling thread, without the lock.
    func waitUntilDurable(_ sequence: UInt64, sync: () -> Result<UInt64, StoreError>) throws(StoreError) {
        condition.lock()
        defer { condition.unlock() }
        while durableSequence < sequence {
            if let failure { throw failure }
            if leaderRunning {
                condition.wait()
                continue
            }
            leaderRunning = true
            condition.unlock()
            let result = sync()
            condition.lock()
            leaderRunning = false
            switch result {
            case .success(let covered): durableSequence = max(durableSequence, covered)
            case .failure(let error): failure = error
            }
            condition.broadcast()
        }
    }
}
