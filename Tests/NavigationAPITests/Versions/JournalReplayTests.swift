import Coordination
import FileStore
import FlowTestSupport
import Flows
import JSON
import PostgresStore
import Sessions
import TestSupport
import Testing

@testable import NavigationServerRuntime

/// `navigation-server journal replay`: the live sessions of a data
/// directory replayed against a build's flows, every one the build would
/// refuse named, and the exit status CI checks before a deploy.
@Suite("journal replay", .timeLimit(.minutes(10)), .hangGuard)
struct JournalReplayTests {
    /// A data directory recorded by notes version 1: `sessions` live
    /// sessions (`add` sent in those `addingAt` lists, so that their editor
    /// was pushed at version 2), and one ended after an `add`.
    private struct NotesJournal {
        let directory: JournalDataDirectory
        /// The live sessions' ids, in the order created.
        let live: [String]

        init(sessions: Int = 3, addingAt adding: Set<Int> = [1]) throws {
            directory = try JournalDataDirectory()
            let store = try directory.open()
            defer { store.close() }
            let registry = SessionRegistry(flows: [NotesFlows.v1], store: store)
            var live: [String] = []
            for index in 0..<sessions {
                let created = try registry.create(flow: "notes", context: nil)
                if adding.contains(index) { try Self.add(in: registry, created) }
                live.append(created.id)
            }
            let ended = try registry.create(flow: "notes", context: nil)
            try Self.add(in: registry, ended)
            try registry.end(ended.id)
            self.live = live
        }

        var path: String { directory.path }

        static func add(in registry: SessionRegistry, _ snapshot: SessionSnapshot) throws {
            let stack = try #require(try JSONParser.parse(snapshot.document)["stack"]?.arrayValue)
            let screen = try #require(stack.last?["id"]?.stringValue)
            _ = try registry.send(ClientEvent(screen: screen, event: "add"), to: snapshot.id)
        }
    }

    private static func replay(_ journal: NotesJournal, by flows: [Flow], sample: Int? = nil) throws -> JournalReplayReport {
        try JournalReplayCommand.replay(.opening(directory: journal.path), flows: flows, sample: sample)
    }

    // MARK: - Exit status

    @Test func theFlowsThatRecordedTheSessionsReplayThemAsRecorded() throws {
        let journal = try NotesJournal()
        let report = try Self.replay(journal, by: [NotesFlows.v1])
        #expect(report.lines.isEmpty)
        #expect(report.summary == "replayed 3 sessions: 3 replay as recorded, 0 diverge, 0 cannot be replayed")
        #expect(report.exitStatus == 0)
        #expect(try JournalReplayCommand.run(.opening(directory: journal.path), flows: [NotesFlows.v1], sample: nil) == 0)
    }

    /// A PostgreSQL store's sessions (`--store postgres://…`), recorded by
    /// an instance on it, are replayed as a data directory's are.
    @Test func aPostgreSQLStoresSessionsReplayAsADataDirectorysDo() throws {
        let url = try #require(PostgresURL(try PostgresTestCluster.shared().createDatabase()))
        let store = PostgresStore(url: url)
        defer { store.close() }
        let registry = SessionRegistry(flows: [NotesFlows.v1], store: store)
        _ = try registry.create(flow: "notes", context: nil)
        let edited = try registry.create(flow: "notes", context: nil)
        try NotesJournal.add(in: registry, edited)
        let source = try JournalSource.opening(postgres: url)
        defer { source.close() }
        let report = try JournalReplayCommand.replay(source, flows: [NotesFlows.v1], sample: nil)
        #expect(report.summary == "replayed 2 sessions: 2 replay as recorded, 0 diverge, 0 cannot be replayed")
        let changed = try JournalReplayCommand.replay(source, flows: [NotesFlows.changedV1], sample: nil)
        #expect(changed.lines.count == 1)
        #expect(changed.lines.first?.hasPrefix("\(edited.id) flow=notes@1 diverged-at=2: ") == true, "\(changed.lines)")
        #expect(changed.exitStatus == 1)
    }

    @Test func aHandlerChangedWithoutABumpDivergesNamingTheSessionAndItsVersion() throws {
        let journal = try NotesJournal()
        let report = try Self.replay(journal, by: [NotesFlows.changedV1])
        // Only the live session that showed the editor: the ended one is not replayed.
        #expect(report.lines.count == 1)
        let line = try #require(report.lines.first)
        #expect(line.hasPrefix("\(journal.live[1]) flow=notes@1 diverged-at=2: "), "\(line)")
        #expect(line.contains("replays the session differently from version 2 on"), "\(line)")
        #expect(report.summary == "replayed 3 sessions: 2 replay as recorded, 1 diverges, 0 cannot be replayed")
        #expect(report.exitStatus == 1)
        #expect(try JournalReplayCommand.run(.opening(directory: journal.path), flows: [NotesFlows.changedV1], sample: nil) == 1)
    }

    @Test func rewordedTitlesAndLabelsReplayAsRecorded() throws {
        let journal = try NotesJournal()
        let report = try Self.replay(journal, by: [NotesFlows.relabelledV1])
        #expect(report.lines.isEmpty, "\(report.lines)")
        #expect(report.exitStatus == 0)
    }

    /// This binary could not serve them: as failing as a divergence.
    @Test func aVersionOrFlowThatIsNotHostedCannotBeReplayed() throws {
        let journal = try NotesJournal(sessions: 2)
        let newer = try Self.replay(journal, by: [NotesFlows.v2])
        #expect(newer.lines.count == 2)
        #expect(newer.lines.allSatisfy { $0.contains(" flow=notes@1: the session was recorded by version 1 of flow 'notes'") })
        #expect(newer.summary == "replayed 2 sessions: 0 replay as recorded, 0 diverge, 2 cannot be replayed")
        #expect(newer.exitStatus == 1)
        let other = try Self.replay(journal, by: BuiltinFlows.all)
        #expect(other.lines.first?.hasSuffix(": this server no longer hosts flow 'notes'") == true, "\(other.lines)")
        #expect(other.exitStatus == 1)
    }

    @Test func anEmptyDirectoryReplaysNothingAndPasses() throws {
        let directory = try JournalDataDirectory()
        let report = try JournalReplayCommand.replay(.opening(directory: directory.path), flows: [NotesFlows.v1], sample: nil)
        #expect(report.summary == "replayed 0 sessions: 0 replay as recorded, 0 diverge, 0 cannot be replayed")
        #expect(report.exitStatus == 0)
    }

    // MARK: - --sample

    @Test func aSampleReplaysThatManySessions() throws {
        let journal = try NotesJournal(sessions: 5, addingAt: [])
        let sample = try Self.replay(journal, by: [NotesFlows.v1], sample: 2)
        #expect(sample.summary == "replayed 2 of 5 live sessions: 2 replay as recorded, 0 diverge, 0 cannot be replayed")
        let everything = try Self.replay(journal, by: [NotesFlows.v1], sample: 9)
        #expect(everything.summary == "replayed 5 of 5 live sessions: 5 replay as recorded, 0 diverge, 0 cannot be replayed")
    }

    @Test func aSampleIsEvenlySpacedOverTheSortedIDs() {
        let ids = ["a", "b", "c", "d", "e"]
        #expect(JournalReplayCommand.sampled(ids, count: 1) == ["a"])
        #expect(JournalReplayCommand.sampled(ids, count: 2) == ["a", "c"])
        #expect(JournalReplayCommand.sampled(ids, count: 3) == ["a", "b", "d"])
        #expect(JournalReplayCommand.sampled(ids, count: 5) == ids)
        #expect(JournalReplayCommand.sampled(ids, count: 8) == ids)
        #expect(JournalReplayCommand.sampled(ids, count: nil) == ids)
    }

    // MARK: - The executable

    /// The built-in flows replay what they recorded (exit 0); a session of
    /// a flow the binary does not host fails the run (exit 1).
    @Test func theExecutableExits0WhenEverySessionReplaysAnd1WhenOneDoesNot() throws {
        let directory = try JournalDataDirectory()
        do {
            let store = try directory.open()
            defer { store.close() }
            let registry = SessionRegistry(flows: BuiltinFlows.all, store: store)
            for flow in ["exchange", "mail"] { _ = try registry.create(flow: flow, context: nil) }
        }
        let passing = try JournalCommandRun(["replay", "--data", directory.path])
        #expect(passing.status == 0, "\(passing.output)\(passing.error)")
        #expect(passing.lines == ["replayed 2 sessions: 2 replay as recorded, 0 diverge, 0 cannot be replayed"])

        let notes: String
        do {
            let store = try directory.open()
            defer { store.close() }
            notes = try SessionRegistry(flows: [NotesFlows.v1], store: store).create(flow: "notes", context: nil).id
        }
        let failing = try JournalCommandRun(["replay", "--data", directory.path])
        #expect(failing.status == 1, "\(failing.output)\(failing.error)")
        #expect(failing.lines.count == 2, "\(failing.output)")
        #expect(failing.lines.first == "\(notes) flow=notes@1: this server no longer hosts flow 'notes'")
        #expect(failing.lines.last == "replayed 3 sessions: 2 replay as recorded, 0 diverge, 1 cannot be replayed")
        #expect(failing.error.isEmpty, "\(failing.error)")
    }

    @Test func theExecutableExits2OnUsageErrors() throws {
        let directory = try JournalDataDirectory()
        let mistakes: [([String], String)] = [
            (["replay", "--sample", "0"], "--sample needs a number of sessions (1 or more), not '0'"),
            (["replay", "--sample=ten"], "--sample needs a number of sessions (1 or more), not 'ten'"),
            (["replay", "--sample"], "--sample needs a value"),
            (["list", "--sample", "2"], "--sample is an option of replay only"),
            (["replay", "extra"], "unexpected argument 'extra'"),
        ]
        for (arguments, message) in mistakes {
            let run = try JournalCommandRun(["--data", directory.path] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.output.isEmpty, "\(arguments)")
            #expect(run.error == "navigation-server journal: \(message); see navigation-server journal --help\n", "\(arguments)")
        }
        let help = try JournalCommandRun(["--help"])
        #expect(help.output.contains("\n  replay [--sample N] "), "\(help.output)")
    }

    // MARK: - Parsing

    @Test func replayTakesASampleOfOneOrMore() throws {
        let parse = { (words: [String]) throws(JournalCommandError) in try JournalArguments(parsing: words, storeSetting: nil) }
        #expect(try parse(["replay"]).subcommand == .replay(sample: nil))
        #expect(try parse(["replay", "--sample", "10"]).subcommand == .replay(sample: 10))
        #expect(try parse(["--sample=1", "replay"]).subcommand == .replay(sample: 1))
        #expect(throws: JournalCommandError.usage("--sample needs a number of sessions (1 or more), not '-3'")) {
            try parse(["replay", "--sample", "-3"])
        }
        #expect(throws: JournalCommandError.usage("--sample is an option of replay only")) {
            try parse(["verify", "--sample", "3"])
        }
        let unknown = #expect(throws: JournalCommandError.self) { try parse(["rewind"]) }
        #expect(unknown == .usage("unknown subcommand 'rewind': use list, print, verify, replay, compact, repair or migrate"))
    }
}
