import Coordination
import FileStore
import PostgresStore
import Sessions

/// `navigation-server journal migrate --retire-flow NAME=V`: takes over
/// every live session of the retired versions in a stopped server's data
/// directory, or in a PostgreSQL store, as a server retiring them does
/// when each is next used, so that the retired code can be dropped from
/// the next build.
///
/// ```
/// migrated 41 sessions of notes@1; 2 not taken over (410 until they expire); 0 failed
/// ```
/// A session not taken over (its migration ended it, or no hosted version
/// migrates from its version) answers 410 until it expires. Exit status 1
/// when a session could not be migrated for another reason (the store
/// failed): each is named on stderr.
enum JournalMigrateCommand {
    static func run(dataDirectory: String, flows: [Flow], retired: [FlowVersionSelection]) throws(JournalCommandError) -> Int32 {
        let hosted = try hostedFlows(flows, retired: retired)
        let options = try JournalCommand.rewriteOptions(
            dataDirectory: dataDirectory, whileRunning: "a server retiring these versions migrates each session when it is next used")
        let store: FileStore
        do { store = try FileStore(directory: dataDirectory, options: options) } catch { throw JournalCommandError(error) }
        defer { store.close() }
        return try migrate(store, sessions: store.sessions(), hosted: hosted, retired: retired)
    }

    /// The same on a PostgreSQL store, which may run while instances serve
    /// it: appends are conditional, so a session an instance changes at the
    /// same moment is read again and migrated from where the instance left it.
    static func run(postgres url: PostgresURL, flows: [Flow], retired: [FlowVersionSelection]) throws(JournalCommandError) -> Int32 {
        let hosted = try hostedFlows(flows, retired: retired)
        let store = try JournalSource.openedStore(postgres: url)
        defer { store.close() }
        let sessions: [SessionSummary]
        do { sessions = try store.allSessions() } catch { throw JournalCommandError(error) }
        return try migrate(store, sessions: sessions, hosted: hosted, retired: retired)
    }

    static func hostedFlows(_ flows: [Flow], retired: [FlowVersionSelection]) throws(JournalCommandError) -> HostedFlows {
        do { return try HostedFlows(flows, retired: retired, sourceCompiler: FlowFileLoading.flow(ofKept:)) } catch {
            throw .usage(error.description)
        }
    }

    /// How often a session that changed elsewhere during its migration is read again.
    static let attemptsPerSession = 3

    /// The pass both runs make once their store is open: each live session
    /// of `retired` among `sessions` read and taken over, one read again
    /// (up to ``attemptsPerSession`` times) when it changed elsewhere meanwhile.
    static func migrate(
        _ store: some SessionStore, sessions: [SessionSummary], hosted: HostedFlows, retired: [FlowVersionSelection]
    ) throws(JournalCommandError) -> Int32 {
        let registry = SessionRegistry(hosting: hosted, store: store)
        var counts = (migrated: 0, notTakenOver: 0, failed: 0)
        for summary in sessions where !summary.ended {
            guard let start = try? startOf(summary.id, in: store),
                retired.contains(where: { $0.flow == start.flow && $0.version == start.flowVersion })
            else { continue }
            var failure: NavigationError?
            for _ in 1...attemptsPerSession {
                do throws(NavigationError) {
                    _ = try registry.document(of: summary.id)
                    failure = nil
                    break
                } catch {
                    failure = error
                    if error.kind != .versionMismatch { break }
                }
            }
            guard let failure else {
                counts.migrated += 1
                continue
            }
            // The migration ended it, or no version migrates it: the
            // detail says which, as a server's log does.
            if failure.kind == .flowChanged {
                counts.notTakenOver += 1
            } else {
                counts.failed += 1
                StandardStream.error.writeLine("navigation-server journal: session \(summary.id): \(failure.detail)")
            }
        }
        let versions = retired.map { "\($0.flow)@\($0.version)" }.joined(separator: ", ")
        StandardStream.output.writeLine(
            "migrated \(counts.migrated) sessions of \(versions); \(counts.notTakenOver) not taken over (410 until they expire); \(counts.failed) failed"
        )
        return counts.failed == 0 ? 0 : 1
    }

    /// What the session was last started with.
    private static func startOf(_ id: String, in store: some SessionStore) throws -> SessionStart? {
        guard let record = try store.startRecord(of: id) else { return nil }
        switch try JournalEntry(record) {
        case .created(let start), .migrated(let start, _): return start
        default: return nil
        }
    }
}
