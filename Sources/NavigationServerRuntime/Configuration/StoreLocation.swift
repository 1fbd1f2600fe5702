import RedisStore

/// Where sessions' journals are kept: `--store file:PATH` (the default,
/// `file:./data`), `--store memory` (nothing survives a restart) or
/// `--store redis://[user:password@]host:port[/db]` (shared by every
/// instance pointing at it).
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    case file(path: String)
    case memory
    case redis(RedisURL)

    /// The default: a `data` directory next to where the server runs.
    public static let `default` = StoreLocation.file(path: "./data")

    /// `file:PATH` (a non-empty path), `memory` or a `redis://` URL; nil for anything else.
    public init?(_ text: String) {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("file:"), text.count > 5 {
            self = .file(path: String(text.dropFirst(5)))
        } else if let url = RedisURL(text) {
            self = .redis(url)
        } else {
            return nil
        }
    }

    /// What logs and `--help` show: a Redis password is masked.
    public var description: String {
        switch self {
        case .file(let path): "file:" + path
        case .memory: "memory"
        case .redis(let url): url.description
        }
    }
}
