import Coordination
import FileStore
import Flows
import Foundation
import TestSupport
import Testing

@testable import Sessions

/// docs/durability.md#damage-torn-tails-and-repair: a record cut short by a
/// crash is a torn tail, moved out of the segment with one warning line;
/// nothing before it is lost. A launched server journals three sessions and is
/// killed; its newest segment is then cut at every byte inside its last record
/// (one session's last event).
@Suite("Durability: torn tail", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct TornTailTests {
    /// What the server answered before the last event: what every cut must bring back.
    struct Journaled {
        var data: String
        var sessions: [ClientSession]
        var documents: [String: [UInt8]]
        var histories: [String: [UInt8]]
        var torn: ClientSession
        /// The torn session's document and history after its last event.
        var lastDocument: [UInt8]
        var lastHistory: [UInt8]
        var lastVersion: Int
        var segment: String
        var lastRecord: Range<Int>
    }

    static func journal() throws -> Journaled {
        let data = try LaunchedServer.freshDirectory().path
        let server = try LaunchedServer(["--store", "file:" + data, "--fsync", "always"])
        let client = server.client()
        var sessions: [ClientSession] = []
        for index in 0..<3 {
            var session = try client.createSession("exchange")
            try client.apply("select", ["code": "USD"], to: &session)
            for step in 0...index { try client.apply("convert", ["amount": .number(Double(100 + step))], to: &session) }
            sessions.append(session)
        }
        var documents: [String: [UInt8]] = [:]
        var histories: [String: [UInt8]] = [:]
        for session in sessions {
            documents[session.id] = try client.request("GET", session.path).body
            histories[session.id] = try client.request("GET", session.path + "/history").body
        }
        // The last record: one more event of the first session (a body of about 100 bytes).
        var torn = sessions[0]
        try client.apply("convert", ["amount": 123_456.75], to: &torn)
        let lastDocument = try client.request("GET", torn.path).body
        let lastHistory = try client.request("GET", torn.path + "/history").body
        server.killNow()

        let segment = try JournalFiles.newestSegment(in: data)
        let lastRecord = try #require(try JournalFiles.recordRanges(in: segment).last)
        let size = try JournalFiles.bytes(of: segment).count
        try #require(lastRecord.upperBound == size)
        return Journaled(
            data: data, sessions: sessions, documents: documents, histories: histories, torn: torn, lastDocument: lastDocument,
            lastHistory: lastHistory, lastVersion: torn.version, segment: segment, lastRecord: lastRecord)
    }

    /// In-process, for the bulk: a FileStore and a SessionRegistry over a
    /// copy of the directory cut at each offset inside the last record.
    @Test func everyCutInsideTheLastRecordKeepsEveryEarlierEvent() throws {
        let journaled = try Self.journal()
        let cuts = (journaled.lastRecord.lowerBound + 1)..<journaled.lastRecord.upperBound
        #expect(cuts.count > 80, "the last record has \(cuts.count + 1) bytes")
        let segmentName = (journaled.segment as NSString).lastPathComponent
        for cut in cuts {
            let copy = try JournalFiles.copy(journaled.data)
            defer { try? FileManager.default.removeItem(atPath: copy) }
            try JournalFiles.truncate(copy + "/" + segmentName, to: cut)
            let warnings = LockedBox<[String]>([])
            var options = FileStoreOptions()
            options.warn = { message in warnings.withLock { $0.append(message) } }
            let store = try FileStore(directory: copy, options: options)
            defer { store.close() }
            let registry = SessionRegistry(flows: BuiltinFlows.all, store: store)
            for session in journaled.sessions {
                let snapshot = try registry.document(of: session.id)
                let expectedVersion = session.id == journaled.torn.id ? journaled.lastVersion - 1 : session.version
                #expect(snapshot.version == expectedVersion, "cut at \(cut)")
                #expect(snapshot.document == journaled.documents[session.id], "cut at \(cut): \(session.id) differs")
                let history = try registry.withSession(session.id) { $0.historyDocument() }
                #expect(history == journaled.histories[session.id], "cut at \(cut): the history of \(session.id) differs")
            }
            let given = warnings.withLock { $0 }
            #expect(given.count == 1, "cut at \(cut): \(given)")
            #expect(given.first?.contains(segmentName) == true)
            #expect(given.first?.contains("offset \(journaled.lastRecord.lowerBound)") == true, "\(given)")
            // The truncated journal takes the next event at the version the torn one had.
            let next = try registry.send(
                ClientEvent(screen: journaled.torn.topID, event: "convert", payload: ["amount": 1]), to: journaled.torn.id)
            #expect(next.version == journaled.lastVersion, "cut at \(cut)")
        }
    }

    /// The binary, for a few cuts: it starts, serves every session with
    /// every earlier event, and logs exactly one journal warning.
    @Test func theServerStartsOnATornTailWithOneWarning() throws {
        let journaled = try Self.journal()
        let record = journaled.lastRecord
        let segmentName = (journaled.segment as NSString).lastPathComponent
        for cut in [record.lowerBound + 1, record.lowerBound + JournalFiles.frameHeaderSize + 5, record.upperBound - 1] {
            let copy = try JournalFiles.copy(journaled.data)
            defer { try? FileManager.default.removeItem(atPath: copy) }
            try JournalFiles.truncate(copy + "/" + segmentName, to: cut)
            let server = try LaunchedServer(["--store", "file:" + copy, "--log-format", "json"])
            let client = server.client()
            for session in journaled.sessions {
                let response = try client.request("GET", session.path)
                #expect(response.status == 200, "cut at \(cut): \(response.text)")
                let expectedVersion = session.id == journaled.torn.id ? journaled.lastVersion - 1 : session.version
                #expect(response.json?["version"]?.intValue == expectedVersion, "cut at \(cut)")
                #expect(response.body == journaled.documents[session.id], "cut at \(cut): \(session.id) differs")
                #expect(try client.request("GET", session.path + "/history").body == journaled.histories[session.id])
            }
            let (status, log) = try server.stop()
            #expect(status == 0)
            let warnings = log.filter { $0.contains("\"level\":\"warn\"") }
            #expect(warnings.count == 1, "cut at \(cut): \(warnings)")
            #expect(warnings.first?.contains("\"msg\":\"journal\"") == true)
            #expect(warnings.first?.contains(segmentName) == true, "\(warnings)")
        }
    }
}
