import Coordination
import Foundation
import PostgresStore
import Sessions
import TestSupport
import Testing

/// `navigation-server journal list`, `print`, `replay` and `verify` on a
/// PostgreSQL store (`--store postgres://…`, or `NAVIGATION_STORE`): the
/// same lines as on a data directory, the total without segments; `verify`
/// checks the tables against each other; `compact` and `repair`, which
/// rewrite segments, refuse a database; the password is in no output.
@Suite("navigation-server journal on PostgreSQL", .timeLimit(.minutes(10)), .hangGuard)
struct PostgresJournalCommandTests {
    static let endedID = "0123456789abcdef0123456789abcdef"
    static let liveID = "7f3a9c2e1b4d5f607f3a9c2e1b4d5f60"
    /// 2025-11-29T14:58:18.123Z.
    static let start: Int64 = 1_764_428_298_123

    /// A database holding an ended `app` session and a live `exchange` one; its URI.
    private static func journal(_ cluster: PostgresTestCluster) throws -> String {
        let url = try cluster.createDatabase()
        let store = PostgresStore(url: try #require(PostgresURL(url)))
        defer { store.close() }
        let sessions: [(String, [(JournalEntry, Int64)])] = [
            (
                endedID,
                [
                    (.created(SessionStart(flow: "app", flowVersion: 2, context: ["user": "ana"])), start),
                    (.event(ClientEvent(screen: "s1", event: "select", payload: ["code": "USD"])), start + 2_000),
                    (.ended(reason: .ended), start + 3_000),
                ]
            ),
            (liveID, [(.created(SessionStart(flow: "exchange", flowVersion: 1, context: [:])), start + 10_000)]),
        ]
        for (id, entries) in sessions {
            for (index, (entry, time)) in entries.enumerated() {
                try store.append(entry.record(sessionID: id, version: index + 1, time: time), expectedVersion: index)
            }
        }
        return url
    }

    /// `journal verify` of `url` after `edits` (SQL, run by psql in its
    /// database), which must then find problems: its run.
    private static func verify(_ url: String, in cluster: PostgresTestCluster, after edits: [String]) throws -> JournalCommandRun {
        for sql in edits { _ = try cluster.psql(sql, database: PostgresTestCluster.database(in: url)) }
        let run = try JournalCommandRun(["verify", "--store", url])
        #expect(run.status == 1, "\(run.output)\(run.error)")
        return run
    }

    @Test func listAndPrintReadTheDatabase() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try Self.journal(cluster)
        let store = PostgresStore(url: try #require(PostgresURL(url)))
        defer { store.close() }
        let bytes = try store.allSessions().reduce(0) { $0 + $1.bytes }
        let ended = try #require(try store.summary(of: Self.endedID))

        let list = try JournalCommandRun(["list", "--store", url])
        #expect(list.status == 0, "\(list.error)")
        try #require(list.lines.count == 3, "\(list.output)")
        #expect(list.lines[0] == "\(Self.endedID) flow=app@2 version=3 last=2025-11-29T14:58:21.123Z state=ended bytes=\(ended.bytes)")
        #expect(list.lines[1].hasPrefix("\(Self.liveID) flow=exchange@1 version=1 last=2025-11-29T14:58:28.123Z state=live idle="))
        #expect(list.lines[2] == "total sessions=2 live=1 ended=1 bytes=\(bytes)")

        let print = try JournalCommandRun(["print", Self.endedID], environment: ["NAVIGATION_STORE": url])
        #expect(print.status == 0, "\(print.error)")
        #expect(
            print.lines == [
                #"{"version":1,"kind":"created","time":"2025-11-29T14:58:18.123Z","flow":"app","flowVersion":2,"context":{"user":"ana"}}"#,
                #"{"version":2,"kind":"event","time":"2025-11-29T14:58:20.123Z","screen":"s1","event":"select","payload":{"code":"USD"}}"#,
                #"{"version":3,"kind":"ended","time":"2025-11-29T14:58:21.123Z","reason":"ended"}"#,
            ])
        let filtered = try JournalCommandRun(["list", "--flow", "exchange", "--store", url])
        #expect(filtered.lines.first?.hasPrefix(Self.liveID) == true, "\(filtered.output)")
        #expect(filtered.lines.dropFirst() == ["total sessions=1 live=1 ended=0 bytes=\(bytes)"], "\(filtered.output)")

        for run in [list, print, filtered] { #expect(!(run.output + run.error).contains(cluster.password)) }
    }

    /// `replay` replays the live sessions with the binary's flows: the live
    /// exchange session replays as recorded.
    @Test func replayReadsTheDatabase() throws {
        let url = try Self.journal(try PostgresTestCluster.shared())
        let run = try JournalCommandRun(["replay", "--store", url])
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.lines == ["replayed 1 session: 1 replays as recorded, 0 diverge, 0 cannot be replayed"], "\(run.output)")
    }

    @Test func anUnknownSessionOrAnUnreachableDatabaseExits1WithoutThePassword() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try Self.journal(cluster)
        let unknown = try JournalCommandRun(["print", String(repeating: "e", count: 32), "--store", url])
        #expect(unknown.status == 1)
        #expect(unknown.error.hasPrefix("navigation-server journal: no session eeeeeeee"), "\(unknown.error)")
        #expect(unknown.error.contains("postgresql://navigation:***@127.0.0.1:\(cluster.port)/"), "\(unknown.error)")

        let down = try JournalCommandRun([
            "list", "--store", "postgresql://navigation:\(cluster.password)@127.0.0.1:\(try freeLoopbackPort())/x",
        ])
        #expect(down.status == 1)
        #expect(down.output.isEmpty, "no session is listed from a database that did not answer")
        for run in [unknown, down] { #expect(!run.error.contains(cluster.password), "\(run.error)") }
    }

    /// `verify` finds a database whose tables agree, then names each place
    /// where a team's own SQL (or a partial restore) made them disagree,
    /// and a record no server could read; it changes nothing.
    @Test func verifyNamesEveryPlaceWhereTheTablesDisagree() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try Self.journal(cluster)
        let whole = try JournalCommandRun(["verify", "--store", url])
        #expect(whole.status == 0, "\(whole.output)\(whole.error)")
        #expect(
            whole.lines == [
                "OK the PostgreSQL store postgresql://navigation:***@127.0.0.1:\(cluster.port)/\(PostgresTestCluster.database(in: url)): 2 sessions, 4 records"
            ],
            "\(whole.output)")

        let store = PostgresStore(url: try #require(PostgresURL(url)))
        defer { store.close() }
        let unreadable = String(repeating: "a", count: 32)
        let unpinned = String(repeating: "b", count: 32)
        try store.append(
            JournalRecord(sessionID: unreadable, version: 1, kind: .created, time: Self.start, body: Array("not json".utf8)),
            expectedVersion: 0)
        let pinned = SessionStart(flow: "notes", flowVersion: 1, context: [:], flowSHA256: String(repeating: "c", count: 64))
        try store.append(JournalEntry.created(pinned).record(sessionID: unpinned, version: 1, time: Self.start), expectedVersion: 0)
        let broken = try Self.verify(
            url, in: cluster,
            after: [
                "DELETE FROM navigation_records WHERE session_id = '\(Self.endedID)' AND version = 2",
                "UPDATE navigation_sessions SET ended = true, last_activity = last_activity + 1 WHERE id = '\(Self.liveID)'",
            ])
        let expected = [
            "problem: session \(Self.endedID): its row is at version 3, but it has 2 records (versions 1 to 3): records are missing or extra",
            "problem: session \(Self.liveID): its row says ended is true, but its last record is of kind 1",
            "problem: session \(Self.liveID): its row's last activity is \(Self.start + 10_001) ms, but its last record's time is \(Self.start + 10_000) ms",
            "problem: session \(unreadable): record 1 cannot be read:",
            "problem: session \(unpinned): record 1 starts it on a flow file of SHA-256 \(pinned.flowSHA256 ?? ""), which the store does not keep",
        ]
        for line in expected { #expect(broken.lines.contains { $0.hasPrefix(line) }, "\(line)\n\(broken.output)") }
        // The deleted record also took its bytes out of the session's, and
        // a server reading the session meets the gap.
        for line in ["its row counts ", "its records cannot be read as a server reads them"] {
            #expect(broken.lines.contains { $0.hasPrefix("problem: session \(Self.endedID): \(line)") }, "\(broken.output)")
        }
        #expect(broken.lines.count == expected.count + 2, "\(broken.output)")
        #expect(broken.error.contains("has 7 problems"), "\(broken.error)")
        #expect(!(broken.output + broken.error).contains(cluster.password))
        // Nothing changed: the same problems again.
        #expect(try JournalCommandRun(["verify", "--store", url]).output == broken.output)
    }

    /// What only a write around the store makes (a hand edit, a restore
    /// with the foreign key's trigger off): a record without a session
    /// row, a first record that does not create, a kind this build does
    /// not know, and records after one that ends the session.
    @Test func verifyNamesRecordsNoStoreWrites() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try Self.journal(cluster)
        let store = PostgresStore(url: try #require(PostgresURL(url)))
        defer { store.close() }
        let unknownKind = String(repeating: "c", count: 32)
        let orphan = String(repeating: "d", count: 32)
        try store.append(
            JournalEntry.created(SessionStart(flow: "exchange", flowVersion: 1, context: [:]))
                .record(sessionID: unknownKind, version: 1, time: Self.start),
            expectedVersion: 0)
        try store.append(
            JournalEntry.event(ClientEvent(screen: "s1", event: "select", payload: ["code": "USD"]))
                .record(sessionID: unknownKind, version: 2, time: Self.start + 1),
            expectedVersion: 1)
        let (created, event, ended) = (
            JournalRecord.Kind.created.rawValue, JournalRecord.Kind.event.rawValue, JournalRecord.Kind.ended.rawValue
        )
        let broken = try Self.verify(
            url, in: cluster,
            after: [
                "UPDATE navigation_records SET kind = \(ended) WHERE session_id = '\(Self.endedID)' AND version = 2",
                "UPDATE navigation_records SET kind = \(event) WHERE session_id = '\(Self.liveID)' AND version = 1",
                "UPDATE navigation_records SET kind = 99 WHERE session_id = '\(unknownKind)' AND version = 2",
                // The foreign key's trigger does not fire for a replica's writes.
                """
                SET session_replication_role = replica; INSERT INTO navigation_records (session_id, version, kind, recorded_at, body)
                VALUES ('\(orphan)', 1, \(created), \(Self.start), convert_to('{}', 'UTF8'))
                """,
            ])
        let expected = [
            "problem: session \(orphan): record 1 has no session row",
            "problem: session \(Self.liveID): its first record is of kind \(event), not created (\(created))",
            "problem: session \(unknownKind): record 2 is of kind 99, which this build does not know",
            "problem: session \(Self.endedID): record 2 ends the session, but records follow it",
        ]
        // The edited kinds no longer fit their bodies: a server could not read those records either.
        let unreadable = [
            "problem: session \(Self.endedID): record 2 cannot be read:",
            "problem: session \(Self.liveID): record 1 cannot be read:",
            "problem: session \(unknownKind): its records cannot be read as a server reads them:",
        ]
        for line in expected + unreadable { #expect(broken.lines.contains { $0.hasPrefix(line) }, "\(line)\n\(broken.output)") }
        #expect(broken.lines.count == expected.count + unreadable.count, "\(broken.output)")
        #expect(broken.error.contains("has 7 problems"), "\(broken.error)")
    }

    @Test func theDataDirectorysSubcommandsRefuseADatabase() throws {
        let url = try Self.journal(try PostgresTestCluster.shared())
        for subcommand in ["compact", "repair"] {
            let run = try JournalCommandRun([subcommand, "--store", url])
            #expect(run.status == 2, "\(subcommand)")
            #expect(run.error.contains("\(subcommand) works on a file store's data directory"), "\(run.error)")
        }
        let both = try JournalCommandRun(["list", "--store", url, "--data", "."])
        #expect(both.status == 2)
        #expect(both.error.contains("--data and --store name two journals"), "\(both.error)")
        let mistyped = try JournalCommandRun(["list", "--store", "postgresql://u:s3cret-word@db/x?nosuchsetting=1"])
        #expect(mistyped.status == 2)
        #expect(!mistyped.error.contains("s3cret-word") && mistyped.error.contains("u:***@db"), "\(mistyped.error)")
    }
}
