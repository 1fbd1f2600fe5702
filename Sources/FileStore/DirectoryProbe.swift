import Platform
import Sessions
import Synchronization

/// What ``FileStore/probe()`` asks the data directory: can a new block be
/// written there now? It creates the file `PROBE`, writes 4 KiB into it,
/// fsyncs it (unless the fsync policy is `no`) and deletes it: a full disk
/// (`ENOSPC`), a read-only file system (`EROFS`) or a failing disk (`EIO`)
/// answers no, as the next append would. The file is deleted each time, so
/// that the next probe must take new space again rather than overwrite
/// what it already holds.
///
/// `/readyz` and `/metrics` ask on every request: the answer is kept for
/// ``FileStoreOptions/probeInterval`` seconds, and while one caller probes,
/// the others take the last answer instead of waiting for its fsync. An
/// append that fails, or one that succeeds while the kept answer is a
/// failure, makes the next call probe again: the answer is never older
/// than what appends have shown.
final class DirectoryProbe: Sendable {
    private struct State {
        var checkedAt: Int?
        var outcome: Result<Void, StoreError> = .success(())
        var running = false
    }

    static let fileName = "PROBE"
    static let size = 4096

    private let state = Locked(State())
    /// Whether the kept answer is a failure: read on every append, so
    /// without the lock.
    private let keepsFailure = Atomic(false)
    private let directory: SegmentDirectory
    private let options: FileStoreOptions

    init(directory: SegmentDirectory, options: FileStoreOptions) {
        self.directory = directory
        self.options = options
    }

    /// Throws ``StoreError/unavailable(reason:)`` when the last probe failed.
    func check() throws(StoreError) {
        let interval = Int(max(0, options.probeInterval) * 1_000_000_000)
        let due = state.withLock { state -> Bool in
            if state.running { return false }
            if let checkedAt = state.checkedAt, SystemClock.monotonicNanoseconds() - checkedAt < interval { return false }
            state.running = true
            return true
        }
        guard due else { return try state.withLock { $0.outcome }.get() }
        let outcome = writeProbeFile()
        state.withLock { state in
            state.outcome = outcome
            state.checkedAt = SystemClock.monotonicNanoseconds()
            state.running = false
            keepsFailure.store((try? outcome.get()) == nil, ordering: .relaxed)
        }
        try outcome.get()
    }

    /// An append could not write: the next ``check()`` asks the disk.
    func appendFailed() {
        state.withLock { $0.checkedAt = nil }
    }

    /// An append wrote its record: if the kept answer is a failure, the
    /// next ``check()`` asks the disk again.
    func appendSucceeded() {
        guard keepsFailure.load(ordering: .relaxed) else { return }
        state.withLock { $0.checkedAt = nil }
    }

    private func writeProbeFile() -> Result<Void, StoreError> {
        let path = directory.filePath(Self.fileName)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            return .failure(.systemCall("cannot create \(path)"))
        }
        defer {
            closeDescriptor(descriptor)
            unlink(path)
        }
        let bytes = [UInt8](repeating: 0, count: Self.size)
        if let code = bytes.withUnsafeBytes({ options.io.writeAll($0, to: descriptor, at: 0) }) {
            return .failure(.unavailable(reason: "cannot write \(path): \(systemErrorText(code))"))
        }
        if options.fsync != .no, options.io.fsync(descriptor) != 0 {
            return .failure(.systemCall("cannot fsync \(path)"))
        }
        return .success(())
    }
}
