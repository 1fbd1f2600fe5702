import FileStore
import Sessions

/// `navigation-server journal repair`: cuts the damage out of a stopped
/// server's journal (``FileStore/repair(directory:options:)``), keeping every
/// record it can read, and says what it dropped:
///
/// ```
/// damaged: data/journal-00000001.seg at offset 4242: 37 bytes (record length fails its checksum); moved to data/journal-00000001.seg.damaged-4242
/// session 7f3a9c2e1b4d5f607f3a9c2e1b4d5f60: kept versions 1 to 5, dropped 2 later records (session … has version 7 after version 5; replay needs consecutive versions)
/// dropped records: moved to data/journal-00000001.seg.dropped-4391
/// repaired data: rewrote 1 segment; moved 37 damaged bytes in 1 range aside; dropped 2 records of 1 session; kept 40 records of 6 sessions
/// ```
///
/// A running server holds the directory's `LOCK`: the command refuses
/// rather than rewrite segments it appends to.
enum JournalRepairCommand {
    static func run(dataDirectory: String) throws(JournalCommandError) -> Int32 {
        let options = try JournalCommand.rewriteOptions(dataDirectory: dataDirectory, whileRunning: "stop it before repairing its journal")
        let report: JournalRepairReport
        do { report = try FileStore.repair(directory: dataDirectory, options: options) } catch { throw JournalCommandError(error) }
        for line in lines(of: report, dataDirectory: dataDirectory) { StandardStream.output.writeLine(line) }
        return 0
    }

    /// What the command prints for `report`.
    static func lines(of report: JournalRepairReport, dataDirectory: String) -> [String] {
        let count = JournalVerifyCommand.count
        let kept = count(report.recordsKept, "record") + " of " + count(report.sessions, "session")
        guard !report.isClean else {
            return ["nothing to repair in \(dataDirectory): " + count(report.segments.count, "segment") + ", " + kept]
        }
        var lines: [String] = []
        for range in report.damagedRanges {
            lines.append(
                "damaged: \(range.file) at offset \(range.offset): \(count(Int(range.size), "byte")) (\(range.reason)); moved to \(range.movedTo)"
            )
        }
        for session in report.brokenSessions {
            let versions = session.lastVersionKept == 0 ? "kept no record" : "kept versions 1 to \(session.lastVersionKept)"
            lines.append(
                "session \(session.id): \(versions), dropped \(count(session.recordsDropped, "later record")) (\(session.reason); replay needs consecutive versions)"
            )
        }
        for file in report.droppedRecordFiles { lines.append("dropped records: moved to \(file)") }
        if !report.damagedRanges.isEmpty {
            lines.append(
                "note: records in damaged bytes cannot be read: a session whose last records were there now ends at its last readable version"
            )
        }
        for session in report.sessionsWithoutStart {
            lines.append(
                "session \(session.id): no created record (lost in damaged bytes, or a compaction dropped the session); \(count(session.records, "record")) kept, which the server ignores"
            )
        }
        var summary = "repaired \(dataDirectory): rewrote " + count(report.segmentsRewritten.count, "segment")
        if !report.damagedRanges.isEmpty {
            summary +=
                "; moved \(count(Int(report.bytesMovedAside), "damaged byte")) in \(count(report.damagedRanges.count, "range")) aside"
        }
        if !report.brokenSessions.isEmpty {
            summary += "; dropped \(count(report.recordsDropped, "record")) of \(count(report.brokenSessions.count, "session"))"
        }
        lines.append(summary + "; kept " + kept)
        return lines
    }
}
