import PostgresStore
import Sessions

/// `navigation-server journal verify --store postgres://…`: the tables'
/// agreement with each other (``PostgresStore/verify()``), then every
/// record read as a server reads it: a body this build can decode, and the
/// flow source a session pinned to a flow file needs. Changes nothing, and
/// may run while instances serve.
///
/// Each problem is one line on stdout, `problem: session ID: …`; then exit
/// 1, or an `OK` line with the counts.
extension JournalVerifyCommand {
    static func run(postgres store: PostgresStore) throws(JournalCommandError) -> Int32 {
        let name = JournalSource.postgres(store).name
        var problems: [String]
        let report: PostgresVerification
        do throws(StoreError) {
            report = try store.verify()
            problems = report.problems
            for summary in try store.allSessions() {
                problems += try unreadable(summary.id, in: store)
            }
        } catch {
            throw JournalCommandError(error)
        }
        for problem in problems { StandardStream.output.writeLine("problem: \(problem)") }
        guard problems.isEmpty else {
            throw .failure(
                "\(name) has \(count(problems.count, "problem")); a server that reads these sessions refuses them or serves them wrongly"
            )
        }
        StandardStream.output.writeLine("OK \(name): \(count(report.sessions, "session")), \(count(report.records, "record"))")
        return 0
    }

    /// What a server could not read of session `id`: records that are not
    /// one version after another, a body that is no journal entry, or a
    /// start pinned to a flow source the store does not keep.
    private static func unreadable(_ id: String, in store: PostgresStore) throws(StoreError) -> [String] {
        let records: [JournalRecord]
        do {
            records = try store.records(of: id, after: 0)
        } catch {
            switch error {
            case .unavailable: throw error
            case .notFound: return []  // ended and deleted by an instance's sweep since the list was read
            default: return ["session \(id): its records cannot be read as a server reads them: \(error)"]
            }
        }
        var problems: [String] = []
        for record in records {
            let entry: JournalEntry
            do { entry = try JournalEntry(record) } catch {
                problems.append("session \(id): record \(record.version) cannot be read: \(error)")
                continue
            }
            switch entry {
            case .created(let start), .migrated(let start, _):
                if let sha256 = start.flowSHA256, try store.flowSource(sha256: sha256) == nil {
                    problems.append(
                        "session \(id): record \(record.version) starts it on a flow file of SHA-256 \(sha256), which the store does not keep"
                    )
                }
            default: break
            }
        }
        return problems
    }
}
