import Platform
import Sessions

/// The data directory of a file store: its segment files, their names and
/// the directory `fsync` that makes creations, renames and deletions last.
final class SegmentDirectory: Sendable {
    let path: String
    /// The directory itself, opened for `fsync`.
    let descriptor: Int32

    /// Opens `path`, creating it and its parents first if `create`.
    init(path: String, create: Bool) throws(StoreError) {
        self.path = path
        if create { try Self.makeDirectories(path) }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .systemCall("cannot open journal directory \(path)")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    func filePath(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// The names in the directory, `.` and `..` left out.
    func fileNames() throws(StoreError) -> [String] {
        do {
            return try SmallFiles.names(inDirectory: path)
        } catch {
            throw .systemCall("cannot list journal directory \(path)")
        }
    }

    /// Segment numbers present, ascending.
    func segmentNumbers() throws(StoreError) -> [UInt32] {
        try fileNames().compactMap(SegmentFormat.segmentNumber(inFileName:)).sorted()
    }

    /// Takes the directory's `LOCK` file with `flock`, so that a second
    /// process (or a second store in this one) cannot append to the same
    /// journal. Returns the descriptor that holds the lock; the kernel
    /// releases it when the descriptor closes, also on `kill -9`.
    ///
    /// A lock that is held is tried again every 10 ms for up to `wait`
    /// seconds before the store is refused: a lock can outlive its store's
    /// `close()` for a moment, because a process spawned meanwhile (by any
    /// thread) holds a copy of every descriptor between its fork and its
    /// exec, where `O_CLOEXEC` closes them.
    func lock(waitingUpTo wait: Double) throws(StoreError) -> Int32 {
        let lockPath = filePath("LOCK")
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .systemCall("cannot open \(lockPath)")
        }
        let giveUp = ContinuousClock.now + .seconds(max(0, wait))
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EWOULDBLOCK && ContinuousClock.now < giveUp {
                usleep(10_000)
                continue
            }
            close(descriptor)
            if code == EWOULDBLOCK {
                throw .unavailable(reason: "the journal in \(path) is already open (another navigation-server, or a store not yet closed)")
            }
            throw .unavailable(reason: "cannot lock \(lockPath): \(systemErrorText(code))")
        }
        return descriptor
    }

    /// Opens an existing segment, for appending and reading or only reading.
    func openSegment(_ number: UInt32, writable: Bool) throws(StoreError) -> SegmentFile {
        let name = SegmentFormat.fileName(ofSegment: number)
        let descriptor = open(filePath(name), (writable ? O_RDWR : O_RDONLY) | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .systemCall("cannot open \(filePath(name))")
        }
        return SegmentFile(number: number, name: name, descriptor: descriptor)
    }

    /// Opens an existing segment for reading only; nil if it is gone (a
    /// running server's compaction deleted it since the directory was listed).
    func openSegmentIfPresent(_ number: UInt32) throws(StoreError) -> SegmentFile? {
        let name = SegmentFormat.fileName(ofSegment: number)
        let descriptor = open(filePath(name), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .systemCall("cannot open \(filePath(name))")
        }
        return SegmentFile(number: number, name: name, descriptor: descriptor)
    }

    /// What `read` makes of the segments `listing` names; if `read` returns
    /// nil because one of them is gone (a running server's compaction
    /// deleted it after the listing), lists and reads once more. For readers
    /// that do not take the lock.
    func readListedSegments<Contents>(
        listing: (SegmentDirectory) throws(StoreError) -> [UInt32],
        _ read: ([UInt32]) throws(StoreError) -> Contents?
    ) throws(StoreError) -> Contents {
        for _ in 1...2 {
            if let contents = try read(listing(self)) { return contents }
        }
        throw .unavailable(reason: "segments of \(path) were deleted while they were read, twice (a server is compacting); try again")
    }

    /// Whether a store holds the directory's `LOCK` (see ``lock()``): probes
    /// with a shared lock that it releases at once, creating nothing.
    func isLocked() throws(StoreError) -> Bool {
        let lockPath = filePath("LOCK")
        let descriptor = open(lockPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return false }
            throw .systemCall("cannot open \(lockPath)")
        }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 { return false }
        let code = errno
        if code == EWOULDBLOCK { return true }
        throw .unavailable(reason: "cannot probe the lock \(lockPath): \(systemErrorText(code))")
    }

    /// Creates `name` (which must not exist) holding a segment header. With
    /// `durably`, the file and the directory are fsynced, so the segment
    /// exists after a power loss.
    func createSegmentFile(
        named name: String, coversFrom: UInt32, number: UInt32, io: FileStoreIO, durably: Bool
    ) throws(StoreError) -> SegmentFile {
        let descriptor = open(filePath(name), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .systemCall("cannot create \(filePath(name))")
        }
        let segment = SegmentFile(number: number, name: name, descriptor: descriptor)
        let header = SegmentFormat.header(coversFrom: coversFrom)
        if let code = header.withUnsafeBytes({ io.writeAll($0, to: descriptor, at: 0) }) {
            unlink(filePath(name))
            throw .unavailable(reason: "cannot write \(filePath(name)): \(systemErrorText(code))")
        }
        if durably {
            guard io.fsync(descriptor) == 0 else {
                let code = errno
                unlink(filePath(name))
                throw .unavailable(reason: "cannot fsync \(filePath(name)): \(systemErrorText(code))")
            }
            try sync(io: io)
        }
        return segment
    }

    func rename(_ from: String, to: String) throws(StoreError) {
        guard renameFile(filePath(from), filePath(to)) == 0 else {
            throw .systemCall("cannot rename \(filePath(from)) to \(to)")
        }
    }

    /// Deletes `name`; a file already gone is not an error.
    func remove(_ name: String) throws(StoreError) {
        guard unlink(filePath(name)) == 0 || errno == ENOENT else {
            throw .systemCall("cannot delete \(filePath(name))")
        }
    }

    /// Makes creations, renames and deletions in the directory durable.
    func sync(io: FileStoreIO) throws(StoreError) {
        guard io.fsync(descriptor) == 0 else {
            throw .systemCall("cannot fsync directory \(path)")
        }
    }

    /// Creates `path` and any missing parents. The journal holds session ids
    /// (bearer capabilities) and every payload, so the directory itself is
    /// created for its owner only (0700) and its files are 0600.
    private static func makeDirectories(_ path: String) throws(StoreError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        let components = path.split(separator: "/")
        for (index, component) in components.enumerated() {
            prefix += component
            let mode: mode_t = index == components.count - 1 ? 0o700 : 0o755
            if mkdir(prefix, mode) != 0 && errno != EEXIST {
                throw .systemCall("cannot create journal directory \(prefix)")
            }
            prefix += "/"
        }
    }
}
