import NavigationAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes ``LogLine``s to stderr, one `write(2)` each, skipping lines below
/// its level. Lines written by many threads at once never interleave.
struct Logger: Sendable {
    let format: LogFormat
    let level: LogLevel

    /// `format` `nil` picks text when stderr is a terminal, JSON otherwise.
    init(format: LogFormat?, level: LogLevel) {
        self.format = format ?? (isatty(STDERR_FILENO) == 1 ? .text : .json)
        self.level = level
    }

    func isEnabled(_ lineLevel: LogLevel) -> Bool {
        lineLevel >= level
    }

    /// A line with `message` and the fields `fill` adds; not even built when
    /// `lineLevel` is below the logger's level.
    func log(_ lineLevel: LogLevel, _ message: String, _ fill: (inout LogLine) -> Void = { _ in }) {
        guard isEnabled(lineLevel) else { return }
        var line = LogLine(format: format, level: lineLevel, message: message)
        fill(&line)
        StandardStream.error.write(line.finished())
    }
}
