import PostgresStore
import RedisStore

/// Where sessions' journals are kept: `--store file:PATH` (the default,
/// `file:./data`), `--store memory` (nothing survives a restart),
/// `--store redis://[user:password@]host:port[/db]` or `--store
/// postgres://…` / `postgresql://…` (libpq's own URI; both shared by every
/// instance pointing at them).
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    case file(path: String)
    case memory
    case redis(RedisURL)
    case postgres(PostgresURL)

    /// The default: a `data` directory next to where the server runs.
    public static let `default` = StoreLocation.file(path: "./data")

    /// `file:PATH` (a non-empty path), `memory`, a `redis://` URL or a
    /// `postgres://` / `postgresql://` URI libpq accepts; nil for anything else.
    public init?(_ text: String) {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("file:"), text.count > 5 {
            self = .file(path: String(text.dropFirst(5)))
        } else if let url = RedisURL(text) {
            self = .redis(url)
        } else if let url = PostgresURL(text) {
            self = .postgres(url)
        } else {
            return nil
        }
    }

    /// What logs and `--help` show: a Redis or PostgreSQL password is masked.
    public var description: String {
        switch self {
        case .file(let path): "file:" + path
        case .memory: "memory"
        case .redis(let url): url.description
        case .postgres(let url): url.description
        }
    }
}

extension StoreLocation {
    /// Whether the store is a server of its own that several instances
    /// share (Redis, PostgreSQL): each of its round trips holds a worker
    /// thread, so the default `--threads` is higher.
    var isRemote: Bool {
        switch self {
        case .redis, .postgres: true
        case .file, .memory: false
        }
    }
}
