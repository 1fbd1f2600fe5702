import NavigationAPI
import Platform

/// Writes ``LogLine``s to stderr, skipping lines below its level. Lines
/// written by many threads at once never interleave. Request lines go
/// through a ``LogBuffer`` (``logBuffered(_:_:_:)``); every other line is
/// written at once, after the buffered ones, so it keeps its place.
struct Logger: Sendable {
    let format: LogFormat
    let level: LogLevel
    /// Shared by every copy of this logger.
    private let buffer = LogBuffer()

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
    func log(_ lineLevel: LogLevel, _ message: StaticString, _ fill: (inout LogLine) -> Void = { _ in }) {
        guard isEnabled(lineLevel) else { return }
        LogLine.write(format: format, level: lineLevel, message: message, fill) { buffer.writeNow(Array($0)) }
    }

    /// Like ``log(_:_:_:)``, but an `info` or `debug` line waits in this
    /// thread's buffer for the next flush; `warn` and `error` lines are
    /// written at once.
    func logBuffered(_ lineLevel: LogLevel, _ message: StaticString, _ fill: (inout LogLine) -> Void) {
        guard isEnabled(lineLevel) else { return }
        guard lineLevel < .warn else { return log(lineLevel, message, fill) }
        // The closure takes the format, not `self`: capturing the whole
        // logger copied it through the runtime's generic value witnesses
        // (~230 instructions a request line, copy and destroy).
        let format = format
        buffer.appendLine(at: SystemClock.millisecondsSince1970()) { timestamp, output in
            LogLine.write(format: format, level: lineLevel, message: message, timestamp: timestamp, fill, to: output)
        }
    }

    /// Writes every buffered line now.
    func flush() {
        buffer.flush()
    }
}
