import Foundation
import Platform
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// `FileStore.probe()` asks the disk, so that `/readyz` follows it both
/// ways without a request: a full disk or a read-only directory is a
/// failed probe, and the next probe after the fix succeeds.
@Suite("Readiness probe", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct ProbeTests {
    static func probeOptions(interval: Double = 0, fsync: FsyncPolicy = .always, io: CountingIO? = nil) -> FileStoreOptions {
        var options = options(fsync: fsync, io: io)
        options.probeInterval = interval
        return options
    }

    /// The probe's outcome: nil when it succeeded, else the reason.
    static func failure(of store: FileStore) -> String? {
        do {
            try store.probe()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aHealthyDirectoryProbesTrueAndKeepsNoFile() throws {
        let directory = TemporaryDirectory()
        let store = try FileStore(directory: directory.path, options: Self.probeOptions())
        defer { store.close() }
        #expect(try store.probe())
        #expect(!FileManager.default.fileExists(atPath: directory.file("PROBE")))
        #expect(directory.segmentNames() == ["journal-00000001.seg"])
    }

    /// A 1 MiB tmpfs filled by another file (needs the right to mount; the
    /// test is skipped, saying so, without it).
    @Test func aFullDiskFailsTheProbeUntilSpaceReturns() throws {
        let directory = TemporaryDirectory()
        try directory.mountTmpfs("size=1m", for: "a real full disk")
        defer { umount(directory.path) }
        let store = try FileStore(directory: directory.path + "/data", options: Self.probeOptions())
        defer { store.close() }
        try Journal.append(Journal.session(1, versions: 2), to: store)
        #expect(Self.failure(of: store) == nil)

        let filler = directory.path + "/filler"
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        let chunk = [UInt8](repeating: 0xAB, count: 4096)
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        close(descriptor)

        let failure = try #require(Self.failure(of: store), "the probe passed on a full disk")
        #expect(failure.contains("No space left on device"), "\(failure)")
        try FileManager.default.removeItem(atPath: filler)
        #expect(Self.failure(of: store) == nil)
        // And the store takes records again.
        try store.append(Journal.event(1, version: 3), expectedVersion: 2)
    }

    /// The directory turned read-only: a read-only bind mount over it
    /// (what a file system remounted read-only after an error does to new
    /// files; needs the right to mount).
    @Test func aReadOnlyDirectoryFailsTheProbeUntilItIsWritableAgain() throws {
        let directory = TemporaryDirectory()
        let store = try FileStore(directory: directory.path, options: Self.probeOptions())
        defer { store.close() }
        #expect(Self.failure(of: store) == nil)
        guard mount(directory.path, directory.path, nil, UInt(MS_BIND), nil) == 0 else {
            let reason = systemErrorText(errno)
            try Test.cancel("cannot bind-mount (\(reason)); run as root to test a read-only directory")
        }
        defer { umount(directory.path) }
        try #require(
            mount(directory.path, directory.path, nil, UInt(MS_REMOUNT | MS_BIND | MS_RDONLY), nil) == 0, "\(systemErrorText(errno))")
        let failure = try #require(Self.failure(of: store), "the probe passed on a read-only directory")
        #expect(failure.contains("Read-only file system"), "\(failure)")
        try #require(umount(directory.path) == 0)
        #expect(Self.failure(of: store) == nil)
    }

    /// A disk that fails fsync (EIO), injected: no root needed.
    @Test func aFailingFsyncFailsTheProbeUntilItWorksAgain() throws {
        let directory = TemporaryDirectory()
        let io = CountingIO()
        let store = try FileStore(directory: directory.path, options: Self.probeOptions(io: io))
        defer { store.close() }
        io.fsyncFailure.withLock { $0 = EIO }
        let failure = try #require(Self.failure(of: store))
        #expect(failure.contains("cannot fsync \(directory.file("PROBE"))"), "\(failure)")
        io.fsyncFailure.withLock { $0 = nil }
        #expect(Self.failure(of: store) == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.file("PROBE")))
    }

    /// `/readyz` and `/metrics` ask on every request: the disk is asked at
    /// most once per interval, and the answer in between is the last one.
    @Test func theDiskIsAskedAtMostOncePerInterval() throws {
        let directory = TemporaryDirectory()
        let io = CountingIO()
        let store = try FileStore(directory: directory.path, options: Self.probeOptions(interval: 3_600, io: io))
        defer { store.close() }
        #expect(Self.failure(of: store) == nil)
        let (writes, fsyncs) = (io.writes.withLock { $0 }, io.fsyncs.withLock { $0 })
        io.fsyncFailure.withLock { $0 = EIO }
        for _ in 0..<100 { #expect(Self.failure(of: store) == nil) }
        #expect(io.writes.withLock { $0 } == writes)
        #expect(io.fsyncs.withLock { $0 } == fsyncs)
    }

    /// What appends show is never older than the kept answer: a refused
    /// append makes the next call ask the disk, and so does a successful
    /// one while the kept answer is a failure.
    @Test func appendsRenewTheKeptAnswer() throws {
        let directory = TemporaryDirectory()
        let io = CountingIO()
        let store = try FileStore(directory: directory.path, options: Self.probeOptions(interval: 3_600, io: io))
        defer { store.close() }
        #expect(Self.failure(of: store) == nil)
        io.writeOverride.withLock {
            $0 = { _, _, _ in
                errno = ENOSPC
                return -1
            }
        }
        #expect(throws: StoreError.self) { try store.append(Journal.created(1), expectedVersion: 0) }
        #expect(Self.failure(of: store)?.contains("No space left on device") == true)
        io.writeOverride.withLock { $0 = nil }
        // Kept for the interval...
        #expect(Self.failure(of: store) != nil)
        // ...until an append succeeds.
        try store.append(Journal.created(1), expectedVersion: 0)
        #expect(Self.failure(of: store) == nil)
    }

    /// With `--fsync no` the probe writes but does not fsync.
    @Test func withoutFsyncsTheProbeOnlyWrites() throws {
        let directory = TemporaryDirectory()
        let io = CountingIO()
        let store = try FileStore(directory: directory.path, options: Self.probeOptions(fsync: .no, io: io))
        defer { store.close() }
        let fsyncs = io.fsyncs.withLock { $0 }
        let writes = io.writes.withLock { $0 }
        #expect(Self.failure(of: store) == nil)
        #expect(io.fsyncs.withLock { $0 } == fsyncs)
        #expect(io.writes.withLock { $0 } == writes + 1)
    }

    /// After a failed fsync of the journal the store refuses appends until
    /// it is reopened (records may not be on disk): the probe says so, even
    /// once the disk works again.
    @Test func aStoreThatRefusesAppendsFailsTheProbe() throws {
        let directory = TemporaryDirectory()
        let io = CountingIO()
        let store = try FileStore(directory: directory.path, options: Self.probeOptions(io: io))
        defer { store.close() }
        io.fsyncFailure.withLock { $0 = EIO }
        #expect(throws: StoreError.self) { try store.append(Journal.created(1), expectedVersion: 0) }
        io.fsyncFailure.withLock { $0 = nil }
        let failure = try #require(Self.failure(of: store))
        #expect(failure.contains("appends are refused until the store is reopened"), "\(failure)")
        store.close()
        #expect(Self.failure(of: store)?.contains("closed") == true)
    }
}
