/// Where sessions' journals are kept: `--store file:PATH` (the default,
/// `file:./data`) or `--store memory` (nothing survives a restart).
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    case file(path: String)
    case memory

    /// The default: a `data` directory next to where the server runs.
    public static let `default` = StoreLocation.file(path: "./data")

    /// `file:PATH` (a non-empty path) or `memory`; nil for anything else.
    public init?(_ text: String) {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("file:"), text.count > 5 {
            self = .file(path: String(text.dropFirst(5)))
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .file(let path): "file:" + path
        case .memory: "memory"
        }
    }
}
