import Coordination
import FileStore
import Sessions

/// `navigation-server journal migrate --retire-flow NAME=V`: takes over
/// every live session of the retired versions in a stopped server's data
/// directory, as a server retiring them does when each is next used, so
/// that the retired code can be dropped from the next build.
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
        let hosted: HostedFlows
        do { hosted = try HostedFlows(flows, retired: retired, sourceCompiler: FlowFileLoading.flow(ofKept:)) } catch {
            throw .usage(error.description)
        }
        let options = try JournalCommand.rewriteOptions(
            dataDirectory: dataDirectory, whileRunning: "a server retiring these versions migrates each session when it is next used")
        let store: FileStore
        do { store = try FileStore(directory: dataDirectory, options: options) } catch { throw JournalCommandError(error) }
        defer { store.close() }
        let registry = SessionRegistry(hosting: hosted, store: store)
        var counts = (migrated: 0, notTakenOver: 0, failed: 0)
        for summary in store.sessions() where !summary.ended {
            guard let start = try? startOf(summary.id, in: store),
                retired.contains(where: { $0.flow == start.flow && $0.version == start.flowVersion })
            else { continue }
            do throws(NavigationError) {
                _ = try registry.document(of: summary.id)
                counts.migrated += 1
            } catch {
                // The migration ended it, or no version migrates it: the
                // detail says which, as a server's log does.
                if error.kind == .flowChanged {
                    counts.notTakenOver += 1
                } else {
                    counts.failed += 1
                    StandardStream.error.writeLine("navigation-server journal: session \(summary.id): \(error.detail)")
                }
            }
        }
        let versions = retired.map { "\($0.flow)@\($0.version)" }.joined(separator: ", ")
        StandardStream.output.writeLine(
            "migrated \(counts.migrated) sessions of \(versions); \(counts.notTakenOver) not taken over (410 until they expire); \(counts.failed) failed"
        )
        return counts.failed == 0 ? 0 : 1
    }

    /// What the session was last started with.
    private static func startOf(_ id: String, in store: FileStore) throws -> SessionStart? {
        guard let record = try store.startRecord(of: id) else { return nil }
        switch try JournalEntry(record) {
        case .created(let start), .migrated(let start, _): return start
        default: return nil
        }
    }
}
