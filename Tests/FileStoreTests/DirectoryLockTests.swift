import Foundation
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// One store per directory, and a lock that is let go of soon is waited
/// for: `FileStoreOptions.lockWait`. Another process holds the `LOCK` here
/// (util-linux's `flock`) until the test creates a file that releases it.
@Suite("FileStore: the directory's lock", .timeLimit(.minutes(10)), .hangGuard)
struct DirectoryLockTests {
    /// Holds `directory`'s `LOCK` until `release` exists.
    private static func holdLock(of directory: TemporaryDirectory, until release: String) throws -> ChildProcess {
        let holder = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/flock"),
            [directory.path + "/LOCK", "/bin/sh", "-c", "echo held; while [ ! -e '\(release)' ]; do sleep 0.01; done"])
        #expect(try holder.firstLine() == "held")
        return holder
    }

    private static func options(lockWait: Double) -> FileStoreOptions {
        var options = StoreTestSupport.options()
        options.lockWait = lockWait
        return options
    }

    @Test func aLockReleasedDuringTheWaitIsTaken() throws {
        let directory = TemporaryDirectory()
        let release = directory.path + "/release"
        let holder = try Self.holdLock(of: directory, until: release)
        let opened = LockedBox<Result<FileStore, StoreError>?>(nil)
        let opener = Thread {
            let patient = Self.options(lockWait: WaitBound.condition)
            let result = Result { () throws(StoreError) in try FileStore(directory: directory.path, options: patient) }
            opened.withLock { $0 = result }
        }
        opener.start()
        // The holder keeps the lock until told: the store is still waiting.
        usleep(100_000)
        #expect(opened.withLock { $0 } == nil)
        FileManager.default.createFile(atPath: release, contents: nil)
        #expect(try holder.waitForExit().status == 0)
        try waitUntil("the store to open") { opened.withLock { $0 } != nil }
        let store = try #require(opened.withLock { $0 }).get()
        defer { store.close() }
        try store.append(Journal.created(1), expectedVersion: 0)
    }

    @Test func aLockHeldPastTheWaitIsRefused() throws {
        let directory = TemporaryDirectory()
        let release = directory.path + "/release"
        let holder = try Self.holdLock(of: directory, until: release)
        defer {
            FileManager.default.createFile(atPath: release, contents: nil)
            _ = try? holder.waitForExit()
        }
        let error = #expect(throws: StoreError.self) { try FileStore(directory: directory.path, options: Self.options(lockWait: 0.05)) }
        #expect(error?.description.contains("already open") == true, "\(String(describing: error))")
        let repair = #expect(throws: StoreError.self) {
            try FileStore.repair(directory: directory.path, options: Self.options(lockWait: 0.05))
        }
        #expect(repair?.description.contains("already open") == true, "\(String(describing: repair))")
    }
}
