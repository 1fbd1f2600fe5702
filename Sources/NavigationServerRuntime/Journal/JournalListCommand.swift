import Sessions

/// `navigation-server journal list`: one line per session, then a total.
///
/// ```
/// 7f3a9c2e1b4d5f607f3a9c2e1b4d5f60 flow=exchange@1 version=4 last=2026-11-29T14:58:18.123Z state=live idle=3m05s bytes=812
/// total sessions=1 live=1 ended=0 bytes=828 segments=1
/// ```
///
/// `key=value` fields like the text log, so that `grep` and `awk` work.
/// With `--flow NAME[@V]`, only the sessions of that flow (version) are
/// listed and totalled; the total's `bytes` and `segments` stay the
/// directory's. On PostgreSQL the total's `bytes` are those of every
/// session's records, and it has no `segments`.
/// Offline, a session's time to live is not known, so an idle session is
/// `live` with its idle time, not `expired`. `bytes` in a session's line are
/// its records; in the total, the segment files'.
enum JournalListCommand {
    /// Writes the list; returns the exit status (1 if a session's first
    /// record cannot be read).
    static func run(_ source: JournalSource, flow filter: JournalArguments.FlowFilter? = nil) throws(JournalCommandError) -> Int32 {
        let now = JournalTimeText.nowMilliseconds()
        let all: [SessionSummary]
        do { all = try source.sessions() } catch { throw JournalCommandError(error) }
        var sessions = all.sorted { ($0.lastActivity, $0.id) < ($1.lastActivity, $1.id) }
        var unreadable: [String] = []
        var listed: [SessionSummary] = []
        for session in sessions {
            let flow: String
            do {
                let start = try self.start(of: session.id, in: source)
                if let filter, !(start.map { filter.matches(flow: $0.flow, version: $0.flowVersion) } ?? false) { continue }
                flow = start.map { "\($0.flow)@\($0.flowVersion)" } ?? "?"
            } catch {
                unreadable.append("\(error)")
                if filter != nil { continue }
                flow = "?"
            }
            listed.append(session)
            var line = "\(session.id) flow=\(flow) version=\(session.lastVersion)"
            line += " last=\(JournalTimeText.timestamp(milliseconds: session.lastActivity))"
            line +=
                session.ended ? " state=ended" : " state=live idle=\(JournalTimeText.duration(milliseconds: now - session.lastActivity))"
            line += " bytes=\(session.bytes)"
            StandardStream.output.writeLine(line)
        }
        sessions = listed
        let ended = sessions.count { $0.ended }
        StandardStream.output.writeLine(
            "total sessions=\(sessions.count) live=\(sessions.count - ended) ended=\(ended) \(source.totals(of: all))"
        )
        for problem in unreadable { StandardStream.error.writeLine("navigation-server journal: \(problem)") }
        return unreadable.isEmpty ? 0 : 1
    }

    /// What the session was last started with: its `created` record, or
    /// its last `migrated` one (the flow version it is pinned to now).
    private static func start(of id: String, in source: JournalSource) throws -> SessionStart? {
        guard let record = try source.startRecord(of: id) else { return nil }
        switch try JournalEntry(record) {
        case .created(let start), .migrated(let start, _): return start
        default: return nil
        }
    }
}
