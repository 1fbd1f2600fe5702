import NavigationAPI

/// The least severe log line `navigation-server` writes; lower ones are skipped.
///
/// Requests are logged at `info`; a 5xx answer at `error`, a 503 at `warn`.
public enum LogLevel: String, Sendable, CaseIterable, Comparable {
    case debug
    case info
    case warn
    case error

    private var rank: Int {
        switch self {
        case .debug: 0
        case .info: 1
        case .warn: 2
        case .error: 3
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rank < rhs.rank
    }
}
