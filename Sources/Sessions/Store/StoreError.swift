/// Why a store refused an operation. A store that throws has changed
/// nothing: no record is half-written.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The session's last stored version is not the expected one (another
    /// writer won); catch up from `currentVersion` and decide again.
    case conflict(currentVersion: Int)
    /// The store cannot take writes or reads now (disk full, read-only
    /// file system, I/O error, closed store). The caller answers 503; a later
    /// call may succeed.
    case unavailable(reason: String)
    /// A record in the middle of the journal is damaged: the store refuses to
    /// open rather than guess. `offset` is the byte offset in `file`.
    case corrupt(file: String, offset: Int64, reason: String)
    /// `file` was written by a newer format than this build reads.
    case newerFormat(file: String, found: Int, supported: Int)
    /// No such session, or it has ended and takes no more records.
    case notFound
    /// The record itself is malformed (a caller bug): bad id, version out of
    /// sequence, body too large.
    case invalidRecord(reason: String)

    public var description: String {
        switch self {
        case .conflict(let currentVersion):
            "conflict: the session is at version \(currentVersion)"
        case .unavailable(let reason):
            "store unavailable: \(reason)"
        case .corrupt(let file, let offset, let reason):
            "corrupt journal: \(file) at offset \(offset): \(reason)"
        case .newerFormat(let file, let found, let supported):
            "\(file) has journal format \(found), but this build reads format \(supported) at most; use a newer navigation-server"
        case .notFound:
            "no such session, or it has ended"
        case .invalidRecord(let reason):
            "invalid record: \(reason)"
        }
    }
}
