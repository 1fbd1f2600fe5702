import Foundation
import TestSupport
import Testing

/// docs/durability.md#damage-torn-tails-and-repair: damage in the middle of the
/// journal stops the start with a message that names the file and offset, and a
/// journal written by a newer format is refused by name. The binary exits 1
/// before it listens.
@Suite("Durability: journals the server refuses to open", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct RefusedStartTests {
    /// A stopped server's data directory: two sessions with a few events each.
    static func journal() throws -> String {
        let data = try LaunchedServer.freshDirectory().path
        let server = try LaunchedServer(["--store", "file:" + data])
        let client = server.client()
        for _ in 0..<2 {
            var session = try client.createSession("exchange")
            try client.apply("select", ["code": "USD"], to: &session)
            try client.apply("convert", ["amount": 5], to: &session)
        }
        let (status, _) = try server.stop()
        #expect(status == 0)
        return data
    }

    /// A byte flipped in an earlier record: in its length, or in its payload.
    @Test(arguments: [1, JournalFiles.frameHeaderSize + 30])
    func aFlippedByteInTheMiddleRefusesTheStart(byteInRecord: Int) throws {
        let data = try Self.journal()
        let segment = try JournalFiles.newestSegment(in: data)
        let records = try JournalFiles.recordRanges(in: segment)
        try #require(records.count >= 4)
        let damaged = records[2]
        var bytes = try JournalFiles.bytes(of: segment)
        bytes[damaged.lowerBound + byteInRecord] ^= 0x5A
        try JournalFiles.write(bytes, to: segment)

        let (status, stderr) = try JournalFiles.runToExit(["--store", "file:" + data])
        #expect(status == 1, "\(stderr)")
        #expect(stderr.contains("navigation-server: cannot open the session store"), "\(stderr)")
        #expect(stderr.contains(segment), "the message names the file: \(stderr)")
        #expect(stderr.contains("offset \(damaged.lowerBound)"), "the message names the offset \(damaged.lowerBound): \(stderr)")
        // A refused start repairs nothing.
        #expect(try JournalFiles.bytes(of: segment) == bytes)
    }

    @Test func aNewerFormatRefusesTheStart() throws {
        let data = try Self.journal()
        let segment = try JournalFiles.newestSegment(in: data)
        var bytes = try JournalFiles.bytes(of: segment)
        #expect(JournalFiles.littleEndianUInt32(bytes, at: 4) == 1)
        bytes[4] = 2

        try JournalFiles.write(bytes, to: segment)
        let (status, stderr) = try JournalFiles.runToExit(["--store", "file:" + data])
        #expect(status == 1, "\(stderr)")
        #expect(stderr.contains(segment), "the message names the file: \(stderr)")
        #expect(stderr.contains("format 2"), "the message names the version found: \(stderr)")
        #expect(stderr.contains("format 1"), "the message names the version this build reads: \(stderr)")
    }
}
