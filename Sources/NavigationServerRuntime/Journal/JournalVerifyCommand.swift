import FileStore
import Sessions

/// `navigation-server journal verify`: checks every segment header and
/// record checksum, changing nothing (``FileStore/verify(directory:)``).
///
/// Each problem is one line on stdout, with its file and offset. A torn last
/// record (a crash cut it short, or a running server is writing it) is a
/// warning: opening the journal drops it and keeps everything before it.
/// Anything else is damage a server refuses to start on: exit 1.
enum JournalVerifyCommand {
    static func run(dataDirectory: String) throws(JournalCommandError) -> Int32 {
        let report: FileStoreVerification
        do { report = try FileStore.verify(directory: dataDirectory) } catch { throw JournalCommandError(error) }
        var damaged = 0
        var torn = 0
        for problem in report.problems {
            if problem.kind == .torn {
                torn += 1
                StandardStream.output.writeLine(
                    "warning: \(problem) (an incomplete last record: a crash cut it short, or a server is writing it; opening the journal drops it)"
                )
            } else {
                damaged += 1
                StandardStream.output.writeLine("problem: \(problem)")
            }
        }
        for stale in report.staleSegments {
            StandardStream.output.writeLine(
                "note: \(stale) is stale: a compacted segment holds its records (a compaction was interrupted); the next open deletes it")
        }
        guard damaged == 0 else {
            throw .failure("the journal in \(dataDirectory) has \(count(damaged, "damaged place")); a server refuses to open it")
        }
        var line = "OK \(dataDirectory): " + count(report.segments.count, "segment") + ", " + count(report.records, "record") + ", "
        line += count(report.sessions, "session")
        if torn > 0 { line += ", " + count(torn, "torn last record") + " (warning)" }
        StandardStream.output.writeLine(line)
        return 0
    }

    /// `1 segment`, `2 segments`.
    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}
