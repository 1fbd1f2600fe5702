import Sessions

/// `journal verify` on PostgreSQL: the tables' agreement with each other,
/// read in one snapshot.
extension PostgresStore {
    /// Checks, in one read-only `REPEATABLE READ` transaction (instances may
    /// keep serving: their appends after it began are not seen), that every
    /// session's row agrees with its records: versions 1 to the row's last
    /// version and no other, the first one a `created` record, kinds this
    /// build knows, the row's `ended` true exactly when the last record
    /// ends the session (and no record after an ending one), its last
    /// activity the last record's time, and its bytes the records' stored
    /// size. Changes nothing. Whether each record's body is one a server
    /// can read is the caller's to check (``records(of:after:)``).
    public func verify() throws(StoreError) -> PostgresVerification {
        try run { connection throws(PostgresFailure) in
            _ = try connection.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            do throws(PostgresFailure) {
                let counts = try connection.run(
                    "SELECT (SELECT count(*) FROM navigation_sessions), (SELECT count(*) FROM navigation_records)")
                var problems: [String] = []
                for check in Self.checks {
                    let rows = try connection.run(check.sql)
                    for row in 0..<rows.count {
                        problems.append(check.problem((0..<check.columns).map { rows.text(row, $0) ?? "NULL" }))
                    }
                }
                _ = try connection.run("COMMIT")
                return PostgresVerification(
                    sessions: Int(counts.text(0, 0) ?? "") ?? 0, records: Int(counts.text(0, 1) ?? "") ?? 0, problems: problems)
            } catch {
                _ = try? connection.run("ROLLBACK")
                throw error
            }
        }
    }

    /// One question to the tables: rows of `columns` text values, each a problem.
    private struct Check: Sendable {
        let sql: String
        let columns: Int
        let problem: @Sendable ([String]) -> String
    }

    private static let knownKinds = JournalRecord.Kind.allCases.map { String($0.rawValue) }.joined(separator: ", ")
    private static let created = JournalRecord.Kind.created.rawValue
    private static let ended = JournalRecord.Kind.ended.rawValue

    private static let checks: [Check] = [
        Check(
            sql: """
                SELECT s.id, s.last_version, count(r.version), coalesce(min(r.version), 0), coalesce(max(r.version), 0)
                FROM navigation_sessions s LEFT JOIN navigation_records r ON r.session_id = s.id
                GROUP BY s.id, s.last_version
                HAVING count(r.version) <> s.last_version OR coalesce(min(r.version), 0) <> least(1, s.last_version)
                    OR coalesce(max(r.version), 0) <> s.last_version
                ORDER BY s.id
                """, columns: 5,
            problem: { row in
                "session \(row[0]): its row is at version \(row[1]), but it has \(row[2]) records"
                    + (row[2] == "0" ? "" : " (versions \(row[3]) to \(row[4]))") + ": records are missing or extra"
            }),
        Check(
            sql: """
                SELECT r.session_id, r.version FROM navigation_records r
                WHERE NOT EXISTS (SELECT 1 FROM navigation_sessions s WHERE s.id = r.session_id) ORDER BY 1, 2
                """, columns: 2,
            problem: { row in "session \(row[0]): record \(row[1]) has no session row" }),
        Check(
            sql: "SELECT session_id, kind FROM navigation_records WHERE version = 1 AND kind <> \(created) ORDER BY 1",
            columns: 2,
            problem: { row in
                "session \(row[0]): its first record is of kind \(row[1]), not created (\(JournalRecord.Kind.created.rawValue))"
            }),
        Check(
            sql: "SELECT session_id, version, kind FROM navigation_records WHERE kind NOT IN (\(knownKinds)) ORDER BY 1, 2",
            columns: 3,
            problem: { row in "session \(row[0]): record \(row[1]) is of kind \(row[2]), which this build does not know" }),
        Check(
            sql: """
                SELECT r.session_id, r.version FROM navigation_records r JOIN navigation_sessions s ON s.id = r.session_id
                WHERE r.kind = \(ended) AND r.version < s.last_version ORDER BY 1, 2
                """, columns: 2,
            problem: { row in "session \(row[0]): record \(row[1]) ends the session, but records follow it" }),
        Check(
            sql: """
                SELECT s.id, s.ended, r.kind FROM navigation_sessions s
                JOIN navigation_records r ON r.session_id = s.id AND r.version = s.last_version
                WHERE s.ended <> (r.kind = \(ended)) ORDER BY 1
                """, columns: 3,
            problem: { row in "session \(row[0]): its row says ended is \(row[1] == "t"), but its last record is of kind \(row[2])" }),
        Check(
            sql: """
                SELECT s.id, s.last_activity, r.recorded_at FROM navigation_sessions s
                JOIN navigation_records r ON r.session_id = s.id AND r.version = s.last_version
                WHERE s.last_activity <> r.recorded_at ORDER BY 1
                """, columns: 3,
            problem: { row in "session \(row[0]): its row's last activity is \(row[1]) ms, but its last record's time is \(row[2]) ms" }),
        Check(
            sql: """
                SELECT s.id, s.bytes, sum(\(JournalRecord.framingSize) + length(r.body)) FROM navigation_sessions s
                JOIN navigation_records r ON r.session_id = s.id GROUP BY s.id, s.bytes
                HAVING s.bytes <> sum(\(JournalRecord.framingSize) + length(r.body)) ORDER BY 1
                """, columns: 3,
            problem: { row in "session \(row[0]): its row counts \(row[1]) bytes, but its records take \(row[2])" }),
    ]
}
