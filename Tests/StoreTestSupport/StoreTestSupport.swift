import FileStore
import Foundation
import Sessions
import TestSupport

/// A fresh directory under the system's temporary directory, deleted when
/// the value goes away.
package final class TemporaryDirectory: Sendable {
    package let path: String

    package init() {
        var template = Array((NSTemporaryDirectory() + "sessions-store-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        path = created.map { String(cString: $0) } ?? NSTemporaryDirectory() + "sessions-store-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    package func file(_ name: String) -> String { path + "/" + name }

    /// Names of the journal's segment files, sorted.
    package func segmentNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".seg") }.sorted()
    }

    package func bytes(of name: String) -> [UInt8] {
        (FileManager.default.contents(atPath: file(name))).map(Array.init) ?? []
    }

    package func write(_ bytes: [UInt8], to name: String) {
        _ = FileManager.default.createFile(atPath: file(name), contents: Data(bytes))
    }

    /// Copies every file of this directory into `other`.
    package func copyFiles(to other: TemporaryDirectory) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where name != "LOCK" {
            other.write(bytes(of: name), to: name)
        }
    }
}

/// Records for tests: session `n` has a recognisable id, and bodies say
/// which session and version they belong to.
package enum Journal {
    package static func id(_ number: Int) -> String {
        let digits = String(number, radix: 16)
        return String(repeating: "0", count: 32 - digits.count) + digits
    }

    package static func created(_ number: Int, time: Int64 = 1_000, bodySize: Int = 0) -> JournalRecord {
        JournalRecord(sessionID: id(number), version: 1, kind: .created, time: time, body: body(number, 1, size: bodySize))
    }

    package static func event(_ number: Int, version: Int, time: Int64 = 2_000, bodySize: Int = 0) -> JournalRecord {
        JournalRecord(sessionID: id(number), version: version, kind: .event, time: time, body: body(number, version, size: bodySize))
    }

    package static func ended(_ number: Int, version: Int, time: Int64 = 3_000) -> JournalRecord {
        JournalRecord(sessionID: id(number), version: version, kind: .ended, time: time, body: Array("{}".utf8))
    }

    /// `created` then events up to `versions`.
    package static func session(_ number: Int, versions: Int, bodySize: Int = 0) -> [JournalRecord] {
        [created(number, bodySize: bodySize)]
            + (1..<max(1, versions)).map { event(number, version: $0 + 1, time: 2_000 + Int64($0), bodySize: bodySize) }
    }

    package static func body(_ number: Int, _ version: Int, size: Int) -> [UInt8] {
        let text = #"{"session":\#(number),"version":\#(version)}"#
        return Array(text.utf8) + [UInt8](repeating: UInt8(ascii: " "), count: max(0, size - text.utf8.count))
    }

    /// Appends `records` in order, each after the previous one.
    package static func append(_ records: [JournalRecord], to store: some SessionStore) throws {
        for record in records {
            try store.append(record, expectedVersion: record.version - 1)
        }
    }
}

/// Counts and optionally intercepts the store's `pwrite` and `fsync` calls.
package final class CountingIO: Sendable {
    package let fsyncs = LockedBox(0)
    package let writes = LockedBox(0)
    /// Runs inside every fsync, before the real one.
    package let beforeFsync = LockedBox<(@Sendable () -> Void)?>(nil)
    /// Makes every fsync fail with this `errno` while set.
    package let fsyncFailure = LockedBox<Int32?>(nil)
    /// Replaces the real pwrite while set.
    package let writeOverride = LockedBox<(@Sendable (Int32, UnsafeRawBufferPointer, Int64) -> Int)?>(nil)

    package init() {}

    package var io: FileStoreIO {
        FileStoreIO(
            write: { [self] descriptor, bytes, offset in
                writes.withLock { $0 += 1 }
                if let override = writeOverride.withLock({ $0 }) { return override(descriptor, bytes, offset) }
                return FileStoreIO.system.write(descriptor, bytes, offset)
            },
            fsync: { [self] descriptor in
                fsyncs.withLock { $0 += 1 }
                beforeFsync.withLock { $0 }?()
                if let code = fsyncFailure.withLock({ $0 }) {
                    errno = code
                    return -1
                }
                return FileStoreIO.system.fsync(descriptor)
            }
        )
    }
}

/// Collects the store's warnings.
package final class Warnings: Sendable {
    package let lines = LockedBox<[String]>([])
    package var all: [String] { lines.withLock { $0 } }
    package var sink: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }

    package init() {}
}

package func options(
    fsync: FsyncPolicy = .no, segmentSize: Int = 64 << 20, io: CountingIO? = nil, warnings: Warnings? = nil
) -> FileStoreOptions {
    var options = FileStoreOptions()
    options.fsync = fsync
    options.segmentSize = segmentSize
    options.automaticCompactionGrowth = nil
    if let io { options.io = io.io }
    if let warnings { options.warn = warnings.sink }
    return options
}
