import Foundation
import Platform
import Sessions
import StoreTestSupport
import Testing

@testable import FileStore

extension Journal {
    /// A fresh directory holding `records`, appended in order by a store
    /// that is then closed.
    static func directory(holding records: [JournalRecord], options: FileStoreOptions = options()) throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        let store = try FileStore(directory: directory.path, options: options)
        try append(records, to: store)
        store.close()
        return directory
    }
}

extension TemporaryDirectory {
    /// Mounts a tmpfs of `options` (e.g. `size=1m`, read-only with
    /// `flags: MS_RDONLY`) on the directory, or cancels the test, saying
    /// why, where mounting is not permitted (it needs root). Unmount with
    /// `umount(path)`.
    func mountTmpfs(_ options: String, flags: Int = 0, for purpose: String) throws {
        guard mount("tmpfs", path, "tmpfs", UInt(flags), options) == 0 else {
            let reason = systemErrorText(errno)
            try Test.cancel("cannot mount a tmpfs (\(reason)); run as root to test \(purpose)")
        }
    }
}
