import Foundation
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// `always` fsyncs before an append returns, one fsync for every append
/// waiting; `everysec` fsyncs in the background; `no` never does.
@Suite("Fsync policies", .timeLimit(.minutes(10)), .hangGuard)
struct FsyncPolicyTests {
    @Test func alwaysReturnsOnlyAfterAnFsyncThatCoversTheRecord() throws {
        let directory = TemporaryDirectory()
        let io = CountingIO()
        let store = try FileStore(directory: directory.path, options: options(fsync: .always, io: io))
        defer { store.close() }
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        io.beforeFsync.withLock {
            $0 = {
                entered.signal()
                // Bounded: a test that failed before releasing it must not leave the store stuck.
                _ = release.wait(timeout: .now() + WaitBound.threads)
            }
        }
        let returned = LockedBox(false)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            _ = try? store.append(Journal.created(1), expectedVersion: 0)
            returned.withLock { $0 = true }
            finished.signal()
        }.start()
        try entered.wait(for: "the append's fsync to begin", within: WaitBound.condition)
        // The fsync has begun and is held: the append cannot have returned.
        #expect(returned.withLock { $0 } == false)
        io.beforeFsync.withLock { $0 = nil }
        release.signal()
        try finished.wait(for: "the append to return")
        #expect(returned.withLock { $0 })
        #expect(store.summary(of: Journal.id(1))?.lastVersion == 1)
    }

    /// The first fsync is held until every appender has written, so all of
    /// them wait at once: the next fsync covers them all.
    @Test func groupCommitCoversConcurrentAppendsWithFewerFsyncs() throws {
        let directory = TemporaryDirectory()
        let io = CountingIO()
        let store = try FileStore(directory: directory.path, options: options(fsync: .always, io: io))
        defer { store.close() }
        let appenders = 16
        let writesBefore = io.writes.withLock { $0 }
        let fsyncsBefore = io.fsyncs.withLock { $0 }
        let writesSeenByLastFsync = LockedBox(0)
        let failures = LockedBox<[String]>([])
        io.beforeFsync.withLock {
            $0 = {
                do {
                    try waitUntil("all \(appenders) appenders to write") { io.writes.withLock { $0 } - writesBefore >= appenders }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
                writesSeenByLastFsync.withLock { $0 = io.writes.withLock { $0 } - writesBefore }
            }
        }
        try runOnThreads(appenders) { index in
            do {
                try store.append(Journal.created(index + 1), expectedVersion: 0)
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        let fsyncs = io.fsyncs.withLock { $0 } - fsyncsBefore
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(store.sessions().count == appenders)
        #expect(fsyncs >= 1)
        #expect(fsyncs < appenders, "\(fsyncs) fsyncs for \(appenders) appends")
        // Every append returned after an fsync that began after all the writes.
        #expect(writesSeenByLastFsync.withLock { $0 } == appenders)
    }

    @Test func noNeverFsyncs() throws {
        let directory = TemporaryDirectory()
        let io = CountingIO()
        let store = try FileStore(directory: directory.path, options: options(fsync: .no, segmentSize: 1_000, io: io))
        defer { store.close() }
        let fsyncsAfterOpen = io.fsyncs.withLock { $0 }
        for session in 1...50 {
            try Journal.append(Journal.session(session, versions: 3, bodySize: 20), to: store)
        }
        #expect(directory.segmentNames().count > 3)
        #expect(io.fsyncs.withLock { $0 } == fsyncsAfterOpen)
    }

    /// Appends return without waiting for the disk (the background fsync is
    /// held), and the background thread fsyncs what they wrote.
    @Test func everysecFsyncsInTheBackground() throws {
        let directory = TemporaryDirectory()
        let io = CountingIO()
        var fast = options(fsync: .everysec, io: io)
        fast.backgroundFsyncInterval = 0.01
        let store = try FileStore(directory: directory.path, options: fast)
        defer { store.close() }
        let release = DispatchSemaphore(value: 0)
        let held = LockedBox(false)
        io.beforeFsync.withLock {
            $0 = {
                held.withLock { $0 = true }
                _ = release.wait(timeout: .now() + WaitBound.threads)
            }
        }
        try Journal.append(Journal.session(1, versions: 3), to: store)
        try waitUntil("the background fsync to begin") { held.withLock { $0 } }
        // The background fsync is held, yet appends still return.
        try store.append(Journal.event(1, version: 4), expectedVersion: 3)
        io.beforeFsync.withLock { $0 = nil }
        release.signal()
        let fsyncsSoFar = io.fsyncs.withLock { $0 }
        try waitUntil("an fsync of the second append") { io.fsyncs.withLock { $0 } > fsyncsSoFar }
    }

    /// A power loss must tear only the newest segment: a segment is on disk
    /// before the next one is, whatever the background fsync has done.
    @Test func aSegmentIsFsyncedBeforeTheNextOneIsCreated() throws {
        let directory = TemporaryDirectory()
        let fsynced = LockedBox<[String]>([])
        let io = FileStoreIO(
            write: FileStoreIO.system.write,
            fsync: { descriptor in
                let name = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")) ?? "?"
                fsynced.withLock { $0.append((name as NSString).lastPathComponent) }
                return FileStoreIO.system.fsync(descriptor)
            })
        var everysec = options(fsync: .everysec, segmentSize: 300)
        everysec.io = io
        everysec.backgroundFsyncInterval = 3_600
        let store = try FileStore(directory: directory.path, options: everysec)
        defer { store.close() }
        for session in 1...12 {
            try Journal.append(Journal.session(session, versions: 2, bodySize: 20), to: store)
        }
        let names = directory.segmentNames()
        try #require(names.count >= 3, "\(names)")
        let order = fsynced.withLock { $0 }
        for (sealed, next) in zip(names, names.dropFirst()) {
            // Once when it was created (empty), and once more when it was sealed.
            let created = try #require(order.firstIndex(of: next), "\(next) never fsynced: \(order)")
            #expect(order[..<created].count { $0 == sealed } == 2, "\(order)")
        }
    }

    /// After a failed fsync the kernel may have dropped the unwritten pages
    /// and a retry could report success without them: the store refuses
    /// appends until it is reopened and has read what is really on disk.
    @Test func aFailedFsyncRefusesAppendsUntilTheStoreIsReopened() throws {
        let directory = TemporaryDirectory()
        let io = CountingIO()
        let warnings = Warnings()
        let store = try FileStore(directory: directory.path, options: options(fsync: .always, io: io, warnings: warnings))
        try store.append(Journal.created(1), expectedVersion: 0)
        io.fsyncFailure.withLock { $0 = EIO }
        #expect {
            try store.append(Journal.event(1, version: 2), expectedVersion: 1)
        } throws: { error in
            guard case StoreError.unavailable(let reason) = error else { return false }
            return reason.contains("Input/output error") && reason.contains("reopened")
        }
        io.fsyncFailure.withLock { $0 = nil }
        #expect {
            try store.append(Journal.created(2), expectedVersion: 0)
        } throws: { error in
            guard case StoreError.unavailable = error else { return false }
            return true
        }
        store.close()
        #expect(warnings.all.count == 1, "\(warnings.all)")

        let reopened = try FileStore(directory: directory.path, options: options(fsync: .always))
        defer { reopened.close() }
        let version = try #require(reopened.summary(of: Journal.id(1))?.lastVersion)
        try reopened.append(Journal.event(1, version: version + 1), expectedVersion: version)
    }
}
