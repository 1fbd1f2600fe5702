import Foundation
import TestSupport
import Testing

/// docs/durability.md#what-is-promised-and-how-it-is-tested: "A torn or corrupt
/// tail is not a crash." Bytes after the last record of the newest segment that
/// hold no record (garbage a power loss left, zeros, a record cut short) are
/// moved aside into a file beside the segment with one warning line, and the
/// launched server starts with every session as it was.
@Suite("Durability: corrupt tail", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct CorruptTailTests {
    /// A shared journal: three sessions of a killed server, written once.
    static let journaled = Result { try TornTailTests.journal() }

    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// Starts the binary on a copy of the journal whose newest segment is
    /// cut at `cut` (nil: whole) and followed by `tail`; checks every
    /// session, the bytes moved aside and the one warning.
    static func expectStart(tail: [UInt8], cutAt cut: Int? = nil, _ comment: Comment) throws {
        let journaled = try Self.journaled.get()
        let copy = try JournalFiles.copy(journaled.data)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let segmentName = (journaled.segment as NSString).lastPathComponent
        let segment = copy + "/" + segmentName
        let original = try JournalFiles.bytes(of: segment)
        let kept = cut ?? original.count
        try JournalFiles.write(Array(original[..<kept]) + tail, to: segment)

        let server = try LaunchedServer(["--store", "file:" + copy, "--log-format", "json"])
        let client = server.client()
        let tornKept = cut == nil || kept == journaled.lastRecord.upperBound
        for session in journaled.sessions {
            let response = try client.request("GET", session.path)
            #expect(response.status == 200, "\(comment): \(response.text)")
            let history = try client.request("GET", session.path + "/history").body
            if session.id == journaled.torn.id && tornKept {
                #expect(response.body == journaled.lastDocument, "\(comment): \(session.id) differs")
                #expect(history == journaled.lastHistory, "\(comment)")
            } else {
                #expect(response.body == journaled.documents[session.id], "\(comment): \(session.id) differs")
                #expect(history == journaled.histories[session.id], "\(comment)")
            }
        }
        let (status, log) = try server.stop()
        #expect(status == 0)
        let offset = cut.map { min($0, journaled.lastRecord.lowerBound) } ?? original.count
        let damagedName = "\(segmentName).damaged-\(offset)"
        let warnings = log.filter { $0.contains("\"level\":\"warn\"") }
        #expect(warnings.count == 1, "\(comment): \(warnings)")
        let warning = warnings.first ?? ""
        #expect(warning.contains("\"msg\":\"journal\""), "\(warning)")
        #expect(
            warning.contains("\(segmentName): moved a torn tail aside: \(kept + tail.count - offset) bytes at offset \(offset) "),
            "\(comment): \(warning)")
        #expect(warning.contains(damagedName), "\(comment): \(warning)")
        // The damaged bytes are beside the segment, and the segment ends at its last whole record.
        let aside = try JournalFiles.bytes(of: copy + "/" + damagedName)
        #expect(aside == Array(original[offset..<kept]) + tail, "\(comment)")
        #expect(try JournalFiles.bytes(of: segment) == Array(original[..<offset]), "\(comment)")
    }

    /// Random bytes after the last record: shorter than a frame header,
    /// longer than one, the 37 of the report that started this, and more.
    @Test(arguments: [(1, 1), (2, 11), (3, 13), (4, 37), (5, 37), (6, 500), (7, 4_096)] as [(UInt64, Int)])
    func randomBytesAfterTheLastRecord(seed: UInt64, length: Int) throws {
        try Self.expectStart(tail: Self.randomBytes(length, seed: seed), "seed \(seed), \(length) bytes")
    }

    @Test func zerosAfterTheLastRecord() throws {
        try Self.expectStart(tail: [UInt8](repeating: 0, count: 4_096), "4096 zero bytes")
    }

    /// The last record cut short, alone or followed by garbage.
    @Test func aCutRecord() throws {
        let journaled = try Self.journaled.get()
        let middle = journaled.lastRecord.lowerBound + JournalFiles.frameHeaderSize + 5
        try Self.expectStart(tail: [], cutAt: middle, "cut at \(middle)")
        try Self.expectStart(tail: Self.randomBytes(37, seed: 11), cutAt: middle, "cut at \(middle) + 37 random bytes")
    }
}
