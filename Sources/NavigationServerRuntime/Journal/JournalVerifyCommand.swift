import FileStore
import Sessions

/// `navigation-server journal verify`: checks every segment header and
/// record checksum, changing nothing (``FileStore/verify(directory:)``).
///
/// Each problem is one line on stdout, with its file, offset and size. A
/// torn tail (bytes at the end of the last segment that hold no record: a
/// crash left them, or a running server is writing a record) is a warning:
/// opening the journal moves it aside and keeps everything before it.
/// Anything else is damage a server refuses to start on, which `journal
/// repair` cuts out: exit 1.
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
                    "warning: \(problem) (a torn tail: a crash left it, or a server is writing a record; opening the journal moves it aside)"
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
            throw .failure(
                "the journal in \(dataDirectory) has \(count(damaged, "damaged place")); a server refuses to open it: stop the server and run navigation-server journal repair --data \(dataDirectory)"
            )
        }
        var line = "OK \(dataDirectory): " + count(report.segments.count, "segment") + ", " + count(report.records, "record") + ", "
        line += count(report.sessions, "session")
        if torn > 0 { line += ", " + count(torn, "torn tail") + " (warning)" }
        StandardStream.output.writeLine(line)
        return 0
    }

    /// `1 segment`, `2 segments`.
    static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}
