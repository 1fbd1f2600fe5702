import Foundation
import Platform
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// A full disk refuses the append with `unavailable`, leaves no partial
/// record behind, and appends succeed again once there is space.
@Suite("Disk full", .timeLimit(.minutes(10)), .hangGuard)
struct DiskFullTests {
    /// The write stops half-way with ENOSPC, as on a file system that has
    /// room for part of the record.
    @Test func aShortWriteIsTruncatedAwayAndLaterAppendsSucceed() throws {
        let directory = TemporaryDirectory()
        let io = CountingIO()
        let store = try FileStore(directory: directory.path, options: options(io: io))
        try Journal.append(Journal.session(1, versions: 2), to: store)
        let sizeBefore = directory.bytes(of: "journal-00000001.seg").count
        io.writeOverride.withLock {
            $0 = { descriptor, bytes, offset in
                if bytes.count > 1 {
                    return FileStoreIO.system.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count / 2)]), offset)
                }
                errno = ENOSPC
                return -1
            }
        }
        // The first half is written, then the rest fails: ENOSPC.
        #expect {
            try store.append(Journal.event(1, version: 3, bodySize: 100), expectedVersion: 2)
        } throws: { error in
            guard case StoreError.unavailable(let reason) = error else { return false }
            return reason.contains("No space left on device")
        }
        #expect(directory.bytes(of: "journal-00000001.seg").count == sizeBefore)
        #expect(store.summary(of: Journal.id(1))?.lastVersion == 2)

        io.writeOverride.withLock { $0 = nil }
        try store.append(Journal.event(1, version: 3), expectedVersion: 2)
        store.close()
        let warnings = Warnings()
        let reopened = try FileStore(directory: directory.path, options: options(warnings: warnings))
        defer { reopened.close() }
        #expect(warnings.all.isEmpty)
        #expect(try reopened.records(of: Journal.id(1), after: 0) == Journal.session(1, versions: 2) + [Journal.event(1, version: 3)])
    }

    /// A read-only file system (a tmpfs mounted read-only; skipped, saying
    /// so, without the right to mount) cannot hold a journal: the store says
    /// why instead of crashing.
    @Test func aReadOnlyFileSystemIsUnavailable() throws {
        let directory = TemporaryDirectory()
        try directory.mountTmpfs("size=64k", flags: MS_RDONLY, for: "a read-only file system")
        defer { umount(directory.path) }
        #expect(throws: StoreError.unavailable(reason: "cannot open \(directory.path)/LOCK: Read-only file system")) {
            try FileStore(directory: directory.path, options: options())
        }
    }

    /// A real full file system: a 1 MiB tmpfs (needs the right to mount;
    /// the test is skipped, saying so, without it).
    @Test func aFullFileSystemRefusesAppendsUntilSpaceReturns() throws {
        let directory = TemporaryDirectory()
        try directory.mountTmpfs("size=1m", for: "a real full disk")
        defer { umount(directory.path) }
        let data = directory.path + "/data"
        // Filler takes most of the space, so that it can be given back.
        let filler = directory.path + "/filler"
        _ = FileManager.default.createFile(atPath: filler, contents: Data(count: 600_000))

        let store = try FileStore(directory: data, options: options())
        var acknowledged: [JournalRecord] = []
        var refusal: StoreError?
        for session in 1...1_000 where refusal == nil {
            let record = Journal.created(session, bodySize: 4_000)
            do {
                try store.append(record, expectedVersion: 0)
                acknowledged.append(record)
            } catch {
                refusal = error
            }
        }
        guard case .unavailable(let reason) = refusal else {
            Issue.record("the tmpfs never filled up: \(String(describing: refusal))")
            return
        }
        #expect(reason.contains("No space left on device"))
        #expect(acknowledged.count > 10)
        // The file holds exactly the acknowledged records.
        let segment = data + "/journal-00000001.seg"
        let size = (try FileManager.default.attributesOfItem(atPath: segment)[.size] as? Int) ?? -1
        #expect(size == SegmentFormat.headerSize + acknowledged.reduce(0) { $0 + $1.storedSize })

        try FileManager.default.removeItem(atPath: filler)
        let next = Journal.created(5_000, bodySize: 4_000)
        try store.append(next, expectedVersion: 0)
        acknowledged.append(next)
        store.close()

        let warnings = Warnings()
        let reopened = try FileStore(directory: data, options: options(warnings: warnings))
        defer { reopened.close() }
        #expect(warnings.all.isEmpty)
        #expect(reopened.sessions().count == acknowledged.count)
        for record in acknowledged {
            #expect(try reopened.records(of: record.sessionID, after: 0) == [record])
        }
    }
}
