import Coordination
import Sessions

/// `navigation-server journal replay [--sample N]`: replays the live
/// sessions of a data directory, or of a PostgreSQL store, against this binary's flows, as a server
/// running this binary would before serving each, and names every one it
/// would refuse. Run in CI on a copy of production journals before a
/// deploy: exit 1 means the new build would answer 410 to a live session.
///
/// ```
/// 7f3a9c2e1b4d5f607f3a9c2e1b4d5f60 flow=notes@1 diverged-at=2: version 1 of flow 'notes' replays the session differently …
/// replayed 120 sessions: 119 replay as recorded, 1 diverges, 0 cannot be replayed
/// ```
///
/// `diverged-at=V` is the first session version whose replayed document is
/// not the one recorded; a session without it cannot be replayed at all
/// (its flow or version is not hosted, its flow fails on its journal, or
/// its records do not decode). Reads like `list`, without the `LOCK`, so a
/// server may be running on the directory; ended sessions are left out.
enum JournalReplayCommand {
    static func run(_ source: JournalSource, flows: [Flow], sample: Int?) throws(JournalCommandError) -> Int32 {
        let report = try replay(source, flows: flows, sample: sample)
        for line in report.lines { StandardStream.output.writeLine(line) }
        StandardStream.output.writeLine(report.summary)
        return report.exitStatus
    }

    /// What `run` prints, without printing it (warnings about the journal
    /// go to stderr).
    static func replay(_ source: JournalSource, flows: [Flow], sample: Int?) throws(JournalCommandError) -> JournalReplayReport {
        let hosted: HostedFlows
        do { hosted = try HostedFlows(flows, sourceCompiler: FlowFileLoading.flow(ofKept:)) } catch {
            throw .failure("this binary's flows cannot be hosted: \(error)")
        }
        let sessions: [SessionSummary]
        do { sessions = try source.sessions() } catch { throw JournalCommandError(error) }
        let live = sessions.filter { !$0.ended }.map(\.id).sorted()
        let replayer = JournalReplayer(hosting: hosted) { sha256 throws(StoreError) in try source.flowSource(sha256: sha256) }
        var report = JournalReplayReport(live: live.count, sampled: sample != nil)
        for id in sampled(live, count: sample) {
            report.replayed += 1
            do {
                if let refusal = replayer.check(try source.records(of: id, after: 0), id: id) {
                    report.refusals.append(.init(id: id, refusal))
                }
            } catch {
                report.refusals.append(.init(id: id, flow: "?", recordedVersion: nil, divergedAtVersion: nil, detail: "\(error)"))
            }
        }
        return report
    }

    /// `count` of `ids` (sorted), evenly spaced from the first, so that a
    /// sample of one directory is the same on every run; all of them when
    /// `count` is nil or not less than theirs.
    static func sampled(_ ids: [String], count: Int?) -> [String] {
        guard let count, count < ids.count else { return ids }
        return (0..<count).map { ids[$0 * ids.count / count] }
    }
}

/// What `journal replay` found: the sessions refused, and the counts its
/// summary line gives.
struct JournalReplayReport {
    /// Live sessions in the directory.
    let live: Int
    /// Whether `--sample` chose the sessions replayed.
    let sampled: Bool
    var replayed = 0
    /// The sessions refused, in id order.
    var refusals: [Refusal] = []

    /// A session this binary would not serve, and why: its
    /// ``Sessions/ReplayRefusal``, or its records could not be read.
    struct Refusal: Equatable {
        let id: String
        let flow: String
        let recordedVersion: Int?
        let divergedAtVersion: Int?
        let detail: String
    }

    init(live: Int, sampled: Bool) {
        self.live = live
        self.sampled = sampled
    }

    var diverged: Int { refusals.count { $0.divergedAtVersion != nil } }
    var unreplayable: Int { refusals.count - diverged }
    var exitStatus: Int32 { refusals.isEmpty ? 0 : 1 }

    /// One line per refused session: `ID flow=NAME@V diverged-at=V: detail`.
    var lines: [String] {
        refusals.map { refusal in
            var line = "\(refusal.id) flow=\(refusal.flow)@\(refusal.recordedVersion.map(String.init) ?? "?")"
            if let version = refusal.divergedAtVersion { line += " diverged-at=\(version)" }
            return line + ": " + refusal.detail
        }
    }

    /// `replayed 120 sessions: 118 replay as recorded, 2 diverge, 0 cannot be replayed`;
    /// with `--sample`, `replayed 10 of 120 live sessions: …`.
    var summary: String {
        let asRecorded = replayed - refusals.count
        let sessions = sampled ? "\(replayed) of \(live) live sessions" : replayed == 1 ? "1 session" : "\(replayed) sessions"
        return "replayed \(sessions): \(asRecorded) \(asRecorded == 1 ? "replays" : "replay") as recorded, "
            + "\(diverged) \(diverged == 1 ? "diverges" : "diverge"), \(unreplayable) cannot be replayed"
    }
}

extension JournalReplayReport.Refusal {
    init(id: String, _ refusal: ReplayRefusal) {
        self.init(
            id: id, flow: refusal.flow, recordedVersion: refusal.recordedVersion, divergedAtVersion: refusal.divergedAtVersion,
            detail: refusal.detail)
    }
}
