import Coordination
import FileStore
import Platform

/// `navigation-server journal …`: inspects and maintains the data directory
/// of a file store, of a stopped server or a running one, or a PostgreSQL
/// store (`--store postgres://…`; every subcommand but `compact` and
/// `repair`). `list`, `print`, `verify` and `replay` only read (without the
/// directory's `LOCK`); `compact`, `repair` and `migrate` rewrite, so they
/// refuse a directory a running server holds (`migrate` on PostgreSQL runs
/// beside its instances: its appends are conditional).
enum JournalCommand {
    /// Runs the subcommand in `arguments` (the words after `journal`) and
    /// exits: 0 when done, 1 when the journal is damaged, the command was
    /// refused or a replayed session diverges, 2 for a usage error. Errors
    /// are one line on stderr. `flows`: what the server hosts, which
    /// `migrate` and `replay` run.
    static func run(_ arguments: [String], flows: [Flow] = []) -> Never {
        let storeSetting = getenv("NAVIGATION_STORE").map { String(cString: $0) }
        let retiredSetting = getenv("NAVIGATION_RETIRED_FLOWS").map { String(cString: $0) }
        do throws(JournalCommandError) {
            let parsed = try JournalArguments(parsing: arguments, storeSetting: storeSetting, retiredSetting: retiredSetting)
            if parsed.subcommand != .help && parsed.postgres == nil { try checkDirectory(parsed.dataDirectory) }
            let status: Int32
            switch parsed.subcommand {
            case .help:
                StandardStream.output.write(Array(usage.utf8))
                status = 0
            case .list(let flow):
                let source = try JournalSource.open(parsed)
                defer { source.close() }
                status = try JournalListCommand.run(source, flow: flow)
            case .print(let id, let since):
                let source = try JournalSource.open(parsed)
                defer { source.close() }
                status = try JournalPrintCommand.run(source, sessionID: id, since: since)
            case .verify:
                if let url = parsed.postgres {
                    let store = try JournalSource.openedStore(postgres: url)
                    defer { store.close() }
                    status = try JournalVerifyCommand.run(postgres: store)
                } else {
                    status = try JournalVerifyCommand.run(dataDirectory: parsed.dataDirectory)
                }
            case .replay(let sample):
                let source = try JournalSource.open(parsed)
                defer { source.close() }
                status = try JournalReplayCommand.run(source, flows: flows, sample: sample)
            case .compact: status = try JournalCompactCommand.run(dataDirectory: parsed.dataDirectory)
            case .repair: status = try JournalRepairCommand.run(dataDirectory: parsed.dataDirectory)
            case .migrate(let retired):
                if let url = parsed.postgres {
                    status = try JournalMigrateCommand.run(postgres: url, flows: flows, retired: retired)
                } else {
                    status = try JournalMigrateCommand.run(dataDirectory: parsed.dataDirectory, flows: flows, retired: retired)
                }
            }
            exit(status)
        } catch {
            StandardStream.error.writeLine("navigation-server journal: \(error.message)")
            exit(error.exitStatus)
        }
    }

    /// The `journal --help` text.
    static var usage: String {
        """
        usage: navigation-server journal <subcommand> [--data <dir> | --store <postgres-uri>]

        Inspects and maintains the data directory of the file store (--store file:PATH),
        of a stopped server or of a running one, or a PostgreSQL store (--store postgres://...),
        read and written as its instances do: every subcommand but compact and repair.

        subcommands:
          list [--flow NAME[@V]]  One line per session: id, flow@version, last version, last activity
                                  (UTC), live with its idle time or ended, bytes; then a total line.
                                  With --flow, only the sessions of that flow (of version V).
          print <id> [--since N]  The session's records after version N (default 0), one JSON line each.
          verify                  Checks every record's checksum and changes nothing; prints each problem
                                  with its file, offset and size. Exits 1 if the journal is damaged.
                                  On PostgreSQL: checks that each session's row agrees with its records
                                  (versions, kinds, ended, last activity, bytes), in one snapshot, and
                                  that every record can be read; prints each problem with its session.
          replay [--sample N]     Replays every live session against this binary's flows, each by the
                                  version that recorded it, as a server does before serving it; prints
                                  each session that diverges (its document is not the one its user saw)
                                  or that this binary cannot replay (flow or version not hosted), then a
                                  summary. Exits 1 if there is one. With --sample, N sessions (N >= 1)
                                  evenly spaced over the live sessions sorted by id: the same directory
                                  gives the same sample.
          compact                 Drops ended sessions and rewrites the journal, then says what it
                                  reclaimed. Refused while a server runs on the directory (the server
                                  compacts in the background).
          repair                  Cuts damaged bytes out of the journal, keeping every record it can read
                                  before and after them; moves them into files beside their segments
                                  (journal-N.seg.damaged-OFFSET) and says what it dropped, with the
                                  sessions that lost records. Refused while a server runs on the directory.
          migrate --retire-flow NAME=V
                                  Migrates every live session of the retired versions to the newer version
                                  that takes them over (Flow.migrating(from:)), as a server retiring them
                                  does when each is next used; says how many were migrated, and how many
                                  the migration ended or could not take over. Refused while a server runs
                                  on the directory; on PostgreSQL it may run while instances serve.
                                  NAVIGATION_RETIRED_FLOWS stands in for --retire-flow.

        options:
          --data <dir>    The data directory. Default: PATH when NAVIGATION_STORE is file:PATH, else ./data.
          --store <uri>   A PostgreSQL store's URI (postgres:// or postgresql://, libpq's), for every
                          subcommand but compact and repair. Default: NAVIGATION_STORE when it is one.
          --help          Show this text and exit.

        replay and migrate run this binary's flows and, when NAVIGATION_FLOWS names a directory of
        flow files (as --flows does for a server), those files' flows too.

        Exit status: 0 done; 1 the journal is damaged, the command was refused, or a replayed session
        diverges or cannot be replayed; 2 usage error.

        """
    }

    /// The store options of a subcommand that rewrites the journal, whose
    /// warnings go to stderr; refuses a directory whose `LOCK` a running
    /// server holds, saying "a server is running on DIR; `whileRunning`".
    static func rewriteOptions(dataDirectory: String, whileRunning: String) throws(JournalCommandError) -> FileStoreOptions {
        let isOpen: Bool
        do { isOpen = try FileStore.isOpen(directory: dataDirectory) } catch { throw JournalCommandError(error) }
        if isOpen { throw .failure("a server is running on \(dataDirectory); \(whileRunning)") }
        var options = FileStoreOptions()
        options.warn = { StandardStream.error.writeLine("warning: \($0)") }
        return options
    }

    /// The directory must exist: `compact` would otherwise create it, and a
    /// typo would look like an empty journal.
    private static func checkDirectory(_ path: String) throws(JournalCommandError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .usage("no data directory at \(path) (--data <dir>, or NAVIGATION_STORE=file:PATH)")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .usage("\(path) is not a directory") }
    }
}
