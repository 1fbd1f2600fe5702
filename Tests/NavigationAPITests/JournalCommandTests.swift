import Coordination
import FileStore
import Foundation
import NavigationServerRuntime
import Sessions
import TestSupport
import Testing

/// `navigation-server journal`, run as an operator runs it, on data
/// directories written here with a FileStore: what list, print, verify and
/// compact say, their exit statuses, and that the read-only ones work on a
/// directory a store holds open while compact refuses it.
@Suite("navigation-server journal", .timeLimit(.minutes(10)), .hangGuard)
struct JournalCommandTests {
    // MARK: - A data directory

    /// Ended on 2025-11-29 (fixed times), with an event.
    static let endedID = "0123456789abcdef0123456789abcdef"
    /// Still live, last active 90 minutes and 20 seconds ago.
    static let liveID = "7f3a9c2e1b4d5f607f3a9c2e1b4d5f60"
    /// 2025-11-29T14:58:18.123Z.
    static let start: Int64 = 1_764_428_298_123

    /// Appends `entries` to session `id` as versions 1, 2, … at `times`.
    private static func record(_ entries: [(JournalEntry, Int64)], of id: String, in store: FileStore) throws {
        for (index, (entry, time)) in entries.enumerated() {
            try store.append(entry.record(sessionID: id, version: index + 1, time: time), expectedVersion: index)
        }
    }

    /// Milliseconds of a whole second 90 minutes and 20 seconds ago.
    private static let liveLastActivity = (Int64(Date().timeIntervalSince1970) - 5_420) * 1000

    private static let liveEntries: [(JournalEntry, Int64)] = [
        (.created(SessionStart(flow: "exchange", flowVersion: 1, context: ["currency": "KRW"])), liveLastActivity - 600_000),
        (.event(ClientEvent(screen: "s1", event: "select", payload: ["code": "USD"])), liveLastActivity - 300_000),
        (.event(ClientEvent(screen: "s2", event: "convert", payload: ["amount": 100])), liveLastActivity),
    ]

    /// The live session and the ended one, in one segment; the store is
    /// returned open (close it to stop the server it stands for).
    private static func writeJournal(in directory: JournalDataDirectory) throws -> FileStore {
        let store = try directory.open()
        try record(liveEntries.prefix(1).map { $0 }, of: liveID, in: store)
        try record(
            [
                (.created(SessionStart(flow: "app", flowVersion: 2, context: ["user": "ana"])), start),
                (.event(ClientEvent(screen: "s1", event: "select", payload: ["code": "USD"])), start + 2_000),
                (.ended(reason: .ended), start + 3_000),
            ], of: endedID, in: store)
        for (version, (entry, time)) in liveEntries.enumerated().dropFirst() {
            try store.append(entry.record(sessionID: liveID, version: version + 1, time: time), expectedVersion: version)
        }
        return store
    }

    private static func stoppedJournal() throws -> JournalDataDirectory {
        let directory = try JournalDataDirectory()
        try writeJournal(in: directory).close()
        return directory
    }

    /// RFC 3339 UTC of a whole second, by Foundation (the command does its own arithmetic).
    private static func timestamp(_ milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds / 1000)))
    }

    // MARK: - list

    @Test func listHasOneLinePerSessionAndATotal() throws {
        // Summaries before the close: reopening at once could meet the lock
        // in a child process another test is spawning (flock is inherited
        // until exec).
        let directory = try JournalDataDirectory()
        let store = try Self.writeJournal(in: directory)
        let ended = try #require(store.summary(of: Self.endedID))
        let live = try #require(store.summary(of: Self.liveID))
        store.close()

        let before = Int64(Date().timeIntervalSince1970 * 1000)
        let run = try JournalCommandRun(["list", "--data", directory.path])
        let after = Int64(Date().timeIntervalSince1970 * 1000)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        try #require(run.lines.count == 3, "\(run.output)")
        #expect(
            run.lines[0]
                == "\(Self.endedID) flow=app@2 version=3 last=2025-11-29T14:58:21.123Z state=ended bytes=\(ended.bytes)")
        let fields = run.lines[1].split(separator: " ").map(String.init)
        // The idle time is the command's clock minus the last activity (set
        // when the suite first used it, however long ago a slow run made
        // that): any whole minute between before and after the command ran.
        let idleMinutes = (before - Self.liveLastActivity) / 60_000...(after - Self.liveLastActivity) / 60_000
        let idleTexts = idleMinutes.map { minutes in "idle=\(minutes / 60)h" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)m" }
        #expect(fields.count == 7 && fields[4] == "state=live" && idleTexts.contains(fields[5]), "\(run.lines[1]) not one of \(idleTexts)")
        let expected = [
            Self.liveID, "flow=exchange@1", "version=3", "last=\(Self.timestamp(Self.liveLastActivity))", "state=live", fields[5],
            "bytes=\(live.bytes)",
        ]
        #expect(fields == expected)
        #expect(run.lines[2] == "total sessions=2 live=1 ended=1 bytes=\(directory.segmentBytes().count) segments=1")
    }

    /// `--flow NAME[@V]` lists and totals only the sessions of that flow (version).
    @Test func listFiltersByFlowAndVersion() throws {
        let directory = try Self.stoppedJournal()
        for (filter, ids) in [("app", [Self.endedID]), ("app@2", [Self.endedID]), ("app@1", []), ("exchange@1", [Self.liveID])] {
            let run = try JournalCommandRun(["list", "--flow", filter, "--data", directory.path])
            #expect(run.status == 0, "\(run.error)")
            #expect(run.lines.dropLast().map { String($0.prefix(32)) } == ids, "\(filter): \(run.output)")
            #expect(run.lines.last?.hasPrefix("total sessions=\(ids.count) ") == true, "\(filter): \(run.output)")
        }
    }

    @Test func theDataDirectoryDefaultsToNavigationStoreThenToDotSlashData() throws {
        let directory = try Self.stoppedJournal()
        let fromStore = try JournalCommandRun(["list"], environment: ["NAVIGATION_STORE": "file:\(directory.path)"])
        #expect(fromStore.status == 0, "\(fromStore.error)")
        #expect(fromStore.lines.last?.hasPrefix("total sessions=2 ") == true, "\(fromStore.output)")

        let fromWorkingDirectory = try JournalCommandRun(["list"], environment: ["NAVIGATION_STORE": "memory"], in: directory.parent)
        #expect(fromWorkingDirectory.status == 0, "\(fromWorkingDirectory.error)")
        // The ended session's line and the total depend on no clock.
        #expect(fromWorkingDirectory.lines.first?.hasPrefix("\(Self.endedID) flow=app@2 ") == true, "\(fromWorkingDirectory.output)")
        #expect(fromWorkingDirectory.lines.first == fromStore.lines.first)
        #expect(fromWorkingDirectory.lines.last == fromStore.lines.last)
    }

    // MARK: - print

    @Test func printWritesOneJSONLinePerRecord() throws {
        let directory = try Self.stoppedJournal()
        let run = try JournalCommandRun(["print", Self.endedID, "--data", directory.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.lines == [
                #"{"version":1,"kind":"created","time":"2025-11-29T14:58:18.123Z","flow":"app","flowVersion":2,"context":{"user":"ana"}}"#,
                #"{"version":2,"kind":"event","time":"2025-11-29T14:58:20.123Z","screen":"s1","event":"select","payload":{"code":"USD"}}"#,
                #"{"version":3,"kind":"ended","time":"2025-11-29T14:58:21.123Z","reason":"ended"}"#,
            ])

        let since = try JournalCommandRun(
            ["print", "--since=2", Self.liveID.uppercased()], environment: ["NAVIGATION_STORE": "file:\(directory.path)"])
        #expect(since.status == 0, "\(since.error)")
        #expect(
            since.lines == [
                #"{"version":3,"kind":"event","time":"\#(Self.timestamp(Self.liveLastActivity))","screen":"s2","event":"convert","payload":{"amount":100}}"#
            ])
    }

    @Test func printShowsALinkRecordAsItsLink() throws {
        let directory = try JournalDataDirectory()
        let store = try directory.open()
        let id = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"
        try Self.record(
            [(.created(SessionStart(flow: "app", flowVersion: 1, context: [:])), Self.start), (.link("/profile"), Self.start + 1_000)],
            of: id, in: store)
        store.close()
        let run = try JournalCommandRun(["print", id, "--since", "1", "--data", directory.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lines == [#"{"version":2,"kind":"link","time":"2025-11-29T14:58:19.123Z","link":"/profile"}"#])
    }

    @Test func printOfAnUnknownSessionExits1() throws {
        let directory = try Self.stoppedJournal()
        let unknown = "ffffffffffffffffffffffffffffffff"
        let run = try JournalCommandRun(["print", unknown, "--data", directory.path])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error == "navigation-server journal: no session \(unknown) in the journal in \(directory.path)\n")
    }

    @Test func aRecordWhoseBodyDoesNotDecodeIsPrintedAsTextAndExits1() throws {
        let directory = try JournalDataDirectory()
        let store = try directory.open()
        try Self.record([(.created(SessionStart(flow: "exchange", flowVersion: 1, context: [:])), Self.start)], of: Self.liveID, in: store)
        let body = Array(#"{"screen":"s1"}"#.utf8)
        try store.append(JournalRecord(sessionID: Self.liveID, version: 2, kind: .event, time: Self.start, body: body), expectedVersion: 1)
        store.close()

        let run = try JournalCommandRun(["print", Self.liveID, "--data", directory.path])
        #expect(run.status == 1)
        #expect(run.lines.count == 2)
        #expect(run.lines.last == #"{"version":2,"kind":"event","time":"2025-11-29T14:58:18.123Z","body":"{\"screen\":\"s1\"}"}"#)
        #expect(run.error.contains("record 2 of session \(Self.liveID) cannot be read"), "\(run.error)")
    }

    // MARK: - verify

    @Test func verifyOfAnIntactJournalSaysOK() throws {
        let directory = try Self.stoppedJournal()
        let run = try JournalCommandRun(["verify", "--data", directory.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lines == ["OK \(directory.path): 1 segment, 6 records, 2 sessions"])
    }

    @Test func aCorruptMiddleRecordFailsVerifyWithItsFileAndOffset() throws {
        let directory = try Self.stoppedJournal()
        var bytes = directory.segmentBytes()
        // The second record starts after the header and the first record.
        let first = Self.liveEntries[0].0.record(sessionID: Self.liveID, version: 1, time: 0).storedSize
        let offset = 16 + first
        bytes[offset + 30] ^= 0x01
        directory.write(segment: bytes)

        let run = try JournalCommandRun(["verify", "--data", directory.path])
        #expect(run.status == 1)
        // The damaged record: the ended session's created record.
        let created = JournalEntry.created(SessionStart(flow: "app", flowVersion: 2, context: ["user": "ana"]))
        let size = created.record(sessionID: Self.endedID, version: 1, time: 0).storedSize
        #expect(run.lines == ["problem: \(directory.segment) at offset \(offset): corrupt: record checksum mismatch (\(size) bytes)"])
        #expect(
            run.error
                == "navigation-server journal: the journal in \(directory.path) has 1 damaged place; a server refuses to open it: stop the server and run navigation-server journal repair --data \(directory.path)\n"
        )
        #expect(directory.segmentBytes() == bytes, "verify changed nothing")

        let list = try JournalCommandRun(["list", "--data", directory.path])
        #expect(list.status == 1)
        #expect(list.error.contains("\(directory.segment) at offset \(offset)"), "\(list.error)")
    }

    @Test func aTornTailIsAWarning() throws {
        let directory = try Self.stoppedJournal()
        let complete = directory.segmentBytes()
        let torn = Array(complete.dropLast(7))
        directory.write(segment: torn)
        let lastOffset = complete.count - Self.liveEntries[2].0.record(sessionID: Self.liveID, version: 3, time: 0).storedSize

        let run = try JournalCommandRun(["verify", "--data", directory.path])
        #expect(run.status == 0, "\(run.error)")
        try #require(run.lines.count == 2, "\(run.output)")
        #expect(run.lines[0].hasPrefix("warning: \(directory.segment) at offset \(lastOffset): torn: "), "\(run.lines[0])")
        #expect(
            run.lines[0].hasSuffix(
                "(\(complete.count - 7 - lastOffset) bytes) (a torn tail: a crash left it, or a server is writing a record; opening the journal moves it aside)"
            ), "\(run.lines[0])")
        #expect(run.lines[1] == "OK \(directory.path): 1 segment, 5 records, 2 sessions, 1 torn tail (warning)")
        #expect(directory.segmentBytes() == torn)

        let list = try JournalCommandRun(["list", "--data", directory.path])
        #expect(list.status == 0)
        #expect(list.error.hasPrefix("warning: \(directory.segment) at offset \(lastOffset): "), "\(list.error)")
        #expect(list.lines.contains { $0.hasPrefix("\(Self.liveID) flow=exchange@1 version=2 ") }, "\(list.output)")
    }

    // MARK: - compact

    @Test func compactDropsEndedSessionsAndSaysWhatItReclaimed() throws {
        let directory = try JournalDataDirectory()
        let store = try Self.writeJournal(in: directory)
        let live = try #require(store.summary(of: Self.liveID))
        store.close()
        let before = directory.segmentBytes().count

        let run = try JournalCommandRun(["compact", "--data", directory.path])
        #expect(run.status == 0, "\(run.error)")
        let after = 16 + live.bytes
        #expect(
            run.lines == [
                "compacted \(directory.path): dropped 1 ended session, rewrote 1 segment of \(before) bytes into \(after) bytes, reclaimed \(before - after) bytes"
            ])
        let list = try JournalCommandRun(["list", "--data", directory.path])
        #expect(list.lines.count == 2, "\(list.output)")
        #expect(list.lines.first?.hasPrefix(Self.liveID) == true)
        #expect(try JournalCommandRun(["print", Self.endedID, "--data", directory.path]).status == 1)
    }

    /// A store holding the directory stands for a running server: list,
    /// print and verify read what it has written so far, compact refuses.
    @Test func onADirectoryAServerHoldsReadingWorksAndCompactRefuses() throws {
        let directory = try JournalDataDirectory()
        let store = try Self.writeJournal(in: directory)
        defer { store.close() }
        let bytes = directory.segmentBytes()

        let compact = try JournalCommandRun(["compact", "--data", directory.path])
        #expect(compact.status == 1)
        #expect(compact.output.isEmpty)
        #expect(compact.error == "navigation-server journal: a server is running on \(directory.path); it compacts in the background\n")
        #expect(directory.segmentBytes() == bytes)

        let list = try JournalCommandRun(["list", "--data", directory.path])
        #expect(list.status == 0, "\(list.error)")
        #expect(list.lines.last == "total sessions=2 live=1 ended=1 bytes=\(bytes.count) segments=1")
        let verify = try JournalCommandRun(["verify", "--data", directory.path])
        #expect(verify.status == 0, "\(verify.error)")
        // What the server appends next is there on the next read.
        let event = JournalEntry.event(ClientEvent(screen: "s3", event: "back"))
        try store.append(event.record(sessionID: Self.liveID, version: 4, time: Self.liveLastActivity + 1_000), expectedVersion: 3)
        let printed = try JournalCommandRun(["print", Self.liveID, "--since", "3", "--data", directory.path])
        #expect(printed.status == 0, "\(printed.error)")
        #expect(printed.lines.count == 1)
        #expect(printed.lines.first?.contains(#""version":4,"kind":"event""#) == true, "\(printed.output)")
        #expect(printed.lines.first?.hasSuffix(#""screen":"s3","event":"back","payload":{}}"#) == true, "\(printed.output)")
    }

    // MARK: - Usage

    @Test func helpPrintsUsageAndMistakesAreOneLineWithExit2() throws {
        let help = try JournalCommandRun(["--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: navigation-server journal <subcommand>"))
        for subcommand in ["list", "print <id>", "verify", "replay [--sample N]", "compact", "repair"] {
            #expect(help.output.contains("\n  \(subcommand) "), "\(subcommand)")
        }
        let journalLine =
            "navigation-server journal list|print <id>|verify|replay|compact|repair|migrate [--data <dir>|--store <postgres-uri>]"
        #expect(ConfigurationParser.usage.contains("\n" + journalLine + "\n"))

        let directory = try JournalDataDirectory()
        let missing = directory.parent + "/missing"
        let mistakes: [([String], String)] = [
            ([], "missing subcommand"),
            (["rewind", "--data", directory.path], "unknown subcommand 'rewind'"),
            (["print", "--data", directory.path], "print needs a session id"),
            (["list", "--verbose", "--data", directory.path], "unknown option --verbose"),
            (["print", Self.liveID, "--since", "-1", "--data", directory.path], "--since needs a version"),
            (["list", "--data", missing], "no data directory at \(missing)"),
            (["compact", "--data", missing], "no data directory at \(missing)"),
            (["repair", "--data", missing], "no data directory at \(missing)"),
            (["repair", "extra", "--data", directory.path], "unexpected argument 'extra'"),
            (["list", "--flow", "app@0", "--data", directory.path], "--flow needs NAME or NAME@VERSION, not 'app@0'"),
            (["list", "--flow", "@1", "--data", directory.path], "--flow needs NAME or NAME@VERSION"),
            (["verify", "--flow", "app", "--data", directory.path], "--flow is an option of list only"),
        ]
        for (arguments, message) in mistakes {
            let run = try JournalCommandRun(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.output.isEmpty, "\(arguments)")
            #expect(run.error.hasPrefix("navigation-server journal: \(message)"), "\(arguments): \(run.error)")
            #expect(run.error.filter { $0 == "\n" }.count == 1, "\(arguments): \(run.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: missing), "compact created no directory")
    }
}
