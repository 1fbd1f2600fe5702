import FileStore
import Foundation
import Sessions

/// A fresh `data` directory for a file store inside a temporary parent
/// (the working directory of a run that relies on the `./data` default),
/// deleted with its parent when the value goes away.
final class JournalDataDirectory {
    let parent: String
    let path: String
    /// The first segment file, where a small journal's records all are.
    let segment: String

    init() throws {
        parent = NSTemporaryDirectory() + "journal-command-\(UUID().uuidString)"
        path = parent + "/data"
        segment = path + "/journal-00000001.seg"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: parent)
    }

    /// Opens the store on the directory, as a server does (it holds the `LOCK`).
    func open() throws -> FileStore {
        var options = FileStoreOptions()
        options.fsync = .no
        options.automaticCompactionGrowth = nil
        return try FileStore(directory: path, options: options)
    }

    func segmentBytes() -> [UInt8] {
        FileManager.default.contents(atPath: segment).map(Array.init) ?? []
    }

    func write(segment bytes: [UInt8]) {
        _ = FileManager.default.createFile(atPath: segment, contents: Data(bytes))
    }
}
