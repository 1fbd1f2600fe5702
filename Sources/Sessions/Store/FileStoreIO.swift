#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The two system calls whose failures and counts tests need to control:
/// writing a record and asking the disk to persist a file. Like the system
/// calls they stand for, they return -1 and set `errno` on failure.
struct FileStoreIO: Sendable {
    /// `pwrite(2)`: bytes written (possibly fewer than asked), or -1.
    var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, _ offset: Int64) -> Int
    /// `fsync(2)` of a file or directory: 0, or -1.
    var fsync: @Sendable (_ descriptor: Int32) -> Int32

    static let system = FileStoreIO(
        write: { descriptor, bytes, offset in pwrite(descriptor, bytes.baseAddress, bytes.count, off_t(offset)) },
        fsync: { descriptor in Glibc.fsync(descriptor) }
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

/// The text of an `errno` value.
func systemErrorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
