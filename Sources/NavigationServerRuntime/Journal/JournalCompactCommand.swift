import FileStore
import Sessions

/// `navigation-server journal compact`: drops ended sessions and rewrites
/// the journal of a stopped server (``FileStore/compact(directory:options:)``),
/// then says what it reclaimed.
///
/// Sessions idle past their time to live are kept: offline, the TTL is not
/// known. A running server holds the directory's `LOCK` and compacts in the
/// background itself, so the command refuses rather than wait.
enum JournalCompactCommand {
    static func run(dataDirectory: String) throws(JournalCommandError) -> Int32 {
        let options = try JournalCommand.rewriteOptions(dataDirectory: dataDirectory, whileRunning: "it compacts in the background")
        let report: CompactionReport
        do { report = try FileStore.compact(directory: dataDirectory, options: options) } catch { throw JournalCommandError(error) }
        guard report.segmentsRewritten > 0 else {
            StandardStream.output.writeLine("nothing to compact in \(dataDirectory): the journal holds no record")
            return 0
        }
        let segments = report.segmentsRewritten == 1 ? "1 segment" : "\(report.segmentsRewritten) segments"
        let sessions = report.sessionsDropped == 1 ? "1 ended session" : "\(report.sessionsDropped) ended sessions"
        StandardStream.output.writeLine(
            "compacted \(dataDirectory): dropped \(sessions), rewrote \(segments) of \(report.bytesBefore) bytes into \(report.bytesAfter) bytes, reclaimed \(report.bytesBefore - report.bytesAfter) bytes"
        )
        return 0
    }
}
