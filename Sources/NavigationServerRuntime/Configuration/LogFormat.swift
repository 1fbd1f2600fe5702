import NavigationAPI

/// How `navigation-server` writes its log lines to stderr.
public enum LogFormat: String, Sendable, CaseIterable {
    /// One JSON object per line, for log collectors.
    case json
    /// One space-separated line, for a person at a terminal.
    case text
}
