import Platform
import Sessions

/// The two system calls whose failures and counts tests need to control:
/// writing a record and asking the disk to persist a file. Like the system
/// calls they stand for, they return -1 and set `errno` on failure.
package struct FileStoreIO: Sendable {
    /// `pwrite(2)`: bytes written (possibly fewer than asked), or -1.
    package var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, _ offset: Int64) -> Int
    /// `fsync(2)` of a file or directory: 0, or -1.
    package var fsync: @Sendable (_ descriptor: Int32) -> Int32

    package init(
        write: @escaping @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, _ offset: Int64) -> Int,
        fsync: @escaping @Sendable (_ descriptor: Int32) -> Int32
    ) {
        self.write = write
        self.fsync = fsync
    }

    package static let system = FileStoreIO(
        write: { descriptor, bytes, offset in pwrite(descriptor, bytes.baseAddress, bytes.count, off_t(offset)) },
        fsync: { descriptor in fsyncDescriptor(descriptor) }
    )

    /// Writes all of `bytes` at `offset`, retrying short writes and `EINTR`;
    /// returns nil on success or the `errno` of the failure (`ENOSPC` for a
    /// write that made no progress).
    func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int64) -> Int32? {
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[written...]), offset + Int64(written))
            if result > 0 {
                written += result
            } else if result < 0 {
                let code = errno
                if code != EINTR { return code }
            } else {
                return ENOSPC
            }
        }
        return nil
    }
}

// Free functions for the system calls that share a name with a member of
// the types that call them (`close()`, `rename(_:to:)`, `fsync`).

func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

func fsyncDescriptor(_ descriptor: Int32) -> Int32 {
    fsync(descriptor)
}

func renameFile(_ from: String, _ to: String) -> Int32 {
    rename(from, to)
}

extension StoreError {
    /// ``unavailable(reason:)`` for a failed system call: "`action`: error
    /// text". `errno` is read at the call, before the message is built.
    static func systemCall(_ action: @autoclosure () -> String, code: Int32 = errno) -> StoreError {
        .unavailable(reason: "\(action()): \(systemErrorText(code))")
    }
}
