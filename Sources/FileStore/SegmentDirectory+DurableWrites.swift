import Platform
import Sessions

/// Whole files written so that a crash or power loss leaves either the old
/// file or the new one, never part of it: written as `NAME.tmp` (deleted at
/// open if a crash left it), fsynced, renamed, and the directory fsynced.
extension SegmentDirectory {
    /// Writes `bytes` into a new file named `base`, or `base-2`, `base-3`, …
    /// if that is taken; returns the name it used. Durable on return.
    func writeNewFile(named base: String, _ bytes: ArraySlice<UInt8>, io: FileStoreIO) throws(StoreError) -> String {
        var name = base
        var number = 1
        while access(filePath(name), F_OK) == 0 {
            number += 1
            name = base + "-\(number)"
        }
        try replaceFile(named: name, with: bytes, io: io)
        return name
    }

    /// Puts a file holding `bytes` in place of `name` (which may exist) in
    /// one rename. Until the rename, the old file is untouched; once this
    /// returns, the new one is on disk.
    func replaceFile(named name: String, with bytes: ArraySlice<UInt8>, io: FileStoreIO) throws(StoreError) {
        let temporary = name + ".tmp"
        try remove(temporary)
        let descriptor = open(filePath(temporary), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .systemCall("cannot create \(filePath(temporary))")
        }
        let failure: StoreError? = {
            if let code = bytes.withUnsafeBytes({ io.writeAll($0, to: descriptor, at: 0) }) {
                return .unavailable(reason: "cannot write \(filePath(temporary)): \(systemErrorText(code))")
            }
            guard io.fsync(descriptor) == 0 else { return .systemCall("cannot fsync \(filePath(temporary))") }
            return nil
        }()
        closeDescriptor(descriptor)
        do throws(StoreError) {
            if let failure { throw failure }
            try rename(temporary, to: name)
        } catch {
            try? remove(temporary)
            throw error
        }
        try sync(io: io)
    }
}
