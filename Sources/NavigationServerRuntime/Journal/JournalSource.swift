import Coordination
import FileStore
import PostgresStore
import Sessions

/// What `journal list`, `print` and `replay` read: a file store's data
/// directory (a snapshot, taken without its lock), or the sessions a
/// PostgreSQL store holds (`--store postgres://…`), read as an instance
/// reads them.
enum JournalSource {
    case directory(path: String, FileStoreSnapshot)
    case postgres(PostgresStore)

    /// Opens what `arguments` name. A directory's warnings go to stderr; a
    /// database that does not answer, or holds a newer schema, is a failure.
    static func open(_ arguments: JournalArguments) throws(JournalCommandError) -> JournalSource {
        if let url = arguments.postgres { return try opening(postgres: url) }
        return try opening(directory: arguments.dataDirectory)
    }

    /// A snapshot of the data directory at `path`; its warnings go to stderr.
    static func opening(directory path: String) throws(JournalCommandError) -> JournalSource {
        do throws(StoreError) {
            let snapshot = try FileStoreSnapshot(directory: path)
            for warning in snapshot.warnings { StandardStream.error.writeLine("warning: \(warning)") }
            return .directory(path: path, snapshot)
        } catch {
            throw JournalCommandError(error)
        }
    }

    /// The PostgreSQL store at `url`, once it has answered.
    static func opening(postgres url: PostgresURL) throws(JournalCommandError) -> JournalSource {
        .postgres(try openedStore(postgres: url))
    }

    /// The PostgreSQL store at `url`, once it has answered (its schema is
    /// made when the database has none); the caller closes it.
    static func openedStore(postgres url: PostgresURL) throws(JournalCommandError) -> PostgresStore {
        let store = PostgresStore(url: url)
        do throws(StoreError) {
            try store.probe()
        } catch {
            store.close()
            throw JournalCommandError(error)
        }
        return store
    }

    /// Where the journal is, for messages: `the journal in DIR`, or the
    /// database's URI with its password masked.
    var name: String {
        switch self {
        case .directory(let path, _): "the journal in \(path)"
        case .postgres(let store): "the PostgreSQL store \(store.url)"
        }
    }

    /// Every session's summary.
    func sessions() throws(StoreError) -> [SessionSummary] {
        switch self {
        case .directory(_, let snapshot): snapshot.sessions()
        case .postgres(let store): try store.allSessions()
        }
    }

    /// The record the session was last started by; nil when there is none.
    func startRecord(of id: String) throws(StoreError) -> JournalRecord? {
        switch self {
        case .directory(_, let snapshot): try snapshot.startRecord(of: id)
        case .postgres(let store): try store.startRecord(of: id)
        }
    }

    func records(of id: String, after version: Int) throws(StoreError) -> [JournalRecord] {
        switch self {
        case .directory(_, let snapshot): try snapshot.records(of: id, after: version)
        case .postgres(let store): try store.records(of: id, after: version)
        }
    }

    /// The flow source kept under `sha256` (what a session of a flow file is pinned to).
    func flowSource(sha256: String) throws(StoreError) -> FlowSource? {
        switch self {
        case .directory(_, let snapshot): try snapshot.flowSource(sha256: sha256)
        case .postgres(let store): try store.flowSource(sha256: sha256)
        }
    }

    /// The end of `list`'s total line: the segment files' bytes and count
    /// of a directory; of a database, the bytes its sessions' records take
    /// (`storedSize`, as each session's line counts them).
    func totals(of sessions: [SessionSummary]) -> String {
        switch self {
        case .directory(_, let snapshot): "bytes=\(snapshot.segmentBytes) segments=\(snapshot.segmentFiles.count)"
        case .postgres: "bytes=\(sessions.reduce(0) { $0 + $1.bytes })"
        }
    }

    func close() {
        if case .postgres(let store) = self { store.close() }
    }
}
