import Foundation
import TestSupport
import Testing

/// docs/durability.md#damage-torn-tails-and-repair: damage in the middle of the
/// journal stops the start with a message that names the file and offset and
/// says to run `navigation-server journal repair`, which keeps every record it
/// can read before and after the damage and says what it dropped. Run as an
/// operator runs them: the binary, then the command, then the binary.
@Suite("Durability: journal repair", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct JournalRepairTests {
    /// A stopped server's journal: sessions a, b and c, created in that
    /// order, then four events each, taken in turns.
    struct Journal {
        var data: String
        var sessions: [ClientSession]
        var documents: [String: [UInt8]]
        var histories: [String: [UInt8]]
        /// Session b's document at each version.
        var documentsOfB: [Int: [UInt8]]
    }

    static func journal() throws -> Journal {
        let data = try LaunchedServer.freshDirectory().path
        let server = try LaunchedServer(["--store", "file:" + data])
        let client = server.client()
        var sessions = try (0..<3).map { _ in try client.createSession("exchange") }
        var documentsOfB: [Int: [UInt8]] = [1: try client.request("GET", sessions[1].path).body]
        for step in 0..<4 {
            for index in sessions.indices {
                if step == 0 {
                    try client.apply("select", ["code": "USD"], to: &sessions[index])
                } else {
                    try client.apply("convert", ["amount": .number(Double(10 * step + index))], to: &sessions[index])
                }
                if index == 1 { documentsOfB[sessions[1].version] = try client.request("GET", sessions[1].path).body }
            }
        }
        var documents: [String: [UInt8]] = [:]
        var histories: [String: [UInt8]] = [:]
        for session in sessions {
            documents[session.id] = try client.request("GET", session.path).body
            histories[session.id] = try client.request("GET", session.path + "/history").body
        }
        let (status, _) = try server.stop()
        #expect(status == 0)
        return Journal(data: data, sessions: sessions, documents: documents, histories: histories, documentsOfB: documentsOfB)
    }

    /// The session id and version of the record in `range` (SegmentFormat's layout).
    static func identity(of range: Range<Int>, in bytes: [UInt8]) -> (id: String, version: Int) {
        let payload = range.lowerBound + JournalFiles.frameHeaderSize
        let id = bytes[(payload + 1)..<(payload + 17)].map { String(format: "%02x", $0) }.joined()
        return (id, Int(JournalFiles.littleEndianUInt32(bytes, at: payload + 17)))
    }

    @Test func damageInTheMiddleStopsTheStartAndRepairKeepsEverythingElse() throws {
        let journal = try Self.journal()
        let (a, b, c) = (journal.sessions[0], journal.sessions[1], journal.sessions[2])
        let segment = try JournalFiles.newestSegment(in: journal.data)
        var bytes = try JournalFiles.bytes(of: segment)
        let ranges = try JournalFiles.recordRanges(in: segment)
        let damaged = try #require(ranges.first { Self.identity(of: $0, in: bytes) == (b.id, 3) })
        let dropped = ranges.filter { Self.identity(of: $0, in: bytes).id == b.id && Self.identity(of: $0, in: bytes).version > 3 }
        try #require(dropped.count == 2)
        bytes[damaged.lowerBound + JournalFiles.frameHeaderSize + 30] ^= 0x5A
        try JournalFiles.write(bytes, to: segment)

        // The start refuses, naming the file, the offset and the command.
        let (status, stderr) = try JournalFiles.runToExit(["--store", "file:" + journal.data])
        #expect(status == 1, "\(stderr)")
        #expect(stderr.contains("\(segment) at offset \(damaged.lowerBound): record checksum mismatch"), "\(stderr)")
        #expect(stderr.hasSuffix("run: navigation-server journal repair --data \(journal.data)\n"), "\(stderr)")
        #expect(stderr.filter { $0 == "\n" }.count == 1, "\(stderr)")

        let repair = try JournalCommandRun(["repair", "--data", journal.data])
        #expect(repair.status == 0, "\(repair.error)")
        #expect(repair.error.isEmpty, "\(repair.error)")
        let keptRecords = ranges.count - 1 - dropped.count
        #expect(
            repair.lines == [
                "damaged: \(segment) at offset \(damaged.lowerBound): \(damaged.count) bytes (record checksum mismatch); moved to \(segment).damaged-\(damaged.lowerBound)",
                "session \(b.id): kept versions 1 to 2, dropped 2 later records (session \(b.id) has version 4 after version 2; replay needs consecutive versions)",
                "dropped records: moved to \(segment).dropped-\(dropped[0].lowerBound)",
                "note: records in damaged bytes cannot be read: a session whose last records were there now ends at its last readable version",
                "repaired \(journal.data): rewrote 1 segment; moved \(damaged.count) damaged bytes in 1 range aside; dropped 2 records of 1 session; kept \(keptRecords) records of 3 sessions",
            ], "\(repair.output)")
        #expect(try JournalFiles.bytes(of: "\(segment).damaged-\(damaged.lowerBound)") == Array(bytes[damaged]))
        #expect(try JournalFiles.bytes(of: "\(segment).dropped-\(dropped[0].lowerBound)") == dropped.flatMap { Array(bytes[$0]) })
        #expect(try JournalCommandRun(["verify", "--data", journal.data]).status == 0)

        // The server starts: a and c as they were, b at its version before the damage.
        let server = try LaunchedServer(["--store", "file:" + journal.data, "--log-format", "json"])
        let client = server.client()
        for session in [a, c] {
            #expect(try client.request("GET", session.path).body == journal.documents[session.id])
            #expect(try client.request("GET", session.path + "/history").body == journal.histories[session.id])
        }
        let rewound = try client.request("GET", b.path)
        #expect(rewound.status == 200)
        #expect(rewound.json?["version"]?.intValue == 2)
        #expect(rewound.body == journal.documentsOfB[2])
        // And takes b's next event at version 3.
        var resumed = b
        resumed.document = try #require(rewound.json)
        try client.apply("convert", ["amount": 7], to: &resumed)
        #expect(resumed.version == 3)
        let (stopped, log) = try server.stop()
        #expect(stopped == 0)
        #expect(log.filter { $0.contains("\"level\":\"warn\"") }.isEmpty, "\(log)")
    }

    /// Repair rewrites segments: a running server holds the directory's
    /// `LOCK`, and repair refuses to touch it.
    @Test func repairRefusesWhileAServerRuns() throws {
        let data = try LaunchedServer.freshDirectory().path
        let server = try LaunchedServer(["--store", "file:" + data])
        _ = try server.client().createSession("exchange")
        let segment = try JournalFiles.newestSegment(in: data)
        let before = try JournalFiles.bytes(of: segment)
        let run = try JournalCommandRun(["repair", "--data", data])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error == "navigation-server journal: a server is running on \(data); stop it before repairing its journal\n")
        #expect(try JournalFiles.bytes(of: segment) == before)
        let files = try FileManager.default.contentsOfDirectory(atPath: data)
        #expect(!files.contains { $0.contains(".damaged-") || $0.hasSuffix(".tmp") }, "\(files)")
        #expect(try server.stop().status == 0)
        // Stopped, the same directory repairs: nothing to do.
        let stopped = try JournalCommandRun(["repair", "--data", data])
        #expect(stopped.status == 0, "\(stopped.error)")
        #expect(stopped.lines == ["nothing to repair in \(data): 1 segment, 1 record of 1 session"])
    }
}
