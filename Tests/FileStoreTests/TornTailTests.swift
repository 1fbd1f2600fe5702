import Foundation
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// A crash in the middle of a write leaves the last record cut short: open
/// drops it with one warning and keeps everything before it.
@Suite("Torn tail", .timeLimit(.minutes(10)), .hangGuard)
struct TornTailTests {
    /// Three sessions; session 3's second event is the last record.
    private static let records: [JournalRecord] = [
        Journal.created(1), Journal.created(2, bodySize: 30), Journal.event(1, version: 2),
        Journal.created(3), Journal.event(3, version: 2), Journal.event(2, version: 2), Journal.event(3, version: 3, bodySize: 40),
    ]

    private static func writeJournal() throws -> TemporaryDirectory {
        try Journal.directory(holding: records)
    }

    @Test func truncatingAtEveryByteOfTheLastRecordLosesOnlyThatRecord() throws {
        let original = try Self.writeJournal()
        let segment = try #require(original.segmentNames().last)
        let bytes = original.bytes(of: segment)
        let last = try #require(Self.records.last)
        let lastStart = bytes.count - last.storedSize
        let survivors = Self.records.dropLast()

        for cut in lastStart..<bytes.count {
            let directory = TemporaryDirectory()
            directory.write(Array(bytes[..<cut]), to: segment)
            let warnings = Warnings()
            let store = try FileStore(directory: directory.path, options: options(warnings: warnings))
            for session in 1...3 {
                let expected = survivors.filter { $0.sessionID == Journal.id(session) }
                #expect(try store.records(of: Journal.id(session), after: 0) == expected, "cut at \(cut)")
            }
            #expect(store.summary(of: Journal.id(3))?.lastVersion == 2, "cut at \(cut)")
            // The record can be appended again, in place of the torn one.
            try store.append(last, expectedVersion: 2)
            store.close()

            let damaged = "\(segment).damaged-\(lastStart)"
            if cut == lastStart {
                #expect(warnings.all.isEmpty, "cut at \(cut): \(warnings.all)")
                #expect(!FileManager.default.fileExists(atPath: directory.file(damaged)))
            } else {
                #expect(warnings.all.count == 1, "cut at \(cut): \(warnings.all)")
                #expect(
                    warnings.all.first?.contains("\(segment): moved a torn tail aside: \(cut - lastStart) bytes at offset \(lastStart) ")
                        == true,
                    "\(warnings.all)")
                // The torn record's bytes are kept beside the segment.
                #expect(directory.bytes(of: damaged) == Array(bytes[lastStart..<cut]), "cut at \(cut)")
            }
            #expect(directory.bytes(of: segment) == bytes, "cut at \(cut)")
        }
    }

    @Test func aBadChecksumInTheVeryLastRecordIsATornTail() throws {
        let directory = try Self.writeJournal()
        let segment = try #require(directory.segmentNames().last)
        var bytes = directory.bytes(of: segment)
        bytes[bytes.count - 1] ^= 0x01
        directory.write(bytes, to: segment)
        let warnings = Warnings()
        let store = try FileStore(directory: directory.path, options: options(warnings: warnings))
        defer { store.close() }
        #expect(warnings.all.count == 1)
        #expect(store.summary(of: Journal.id(3))?.lastVersion == 2)
        #expect(store.summary(of: Journal.id(2))?.lastVersion == 2)
    }

    /// A power loss can leave zeros where the file grew but its data did not
    /// reach the disk.
    @Test func aZeroFilledTailIsATornTail() throws {
        let directory = try Self.writeJournal()
        let segment = try #require(directory.segmentNames().last)
        let bytes = directory.bytes(of: segment)
        directory.write(bytes + [UInt8](repeating: 0, count: 300), to: segment)
        let warnings = Warnings()
        let store = try FileStore(directory: directory.path, options: options(warnings: warnings))
        store.close()
        #expect(warnings.all.count == 1)
        #expect(
            warnings.all.first?.contains("300 bytes at offset \(bytes.count) (zero bytes where a record belongs)") == true,
            "\(warnings.all)")
        #expect(directory.bytes(of: segment) == bytes)
        #expect(directory.bytes(of: "\(segment).damaged-\(bytes.count)") == [UInt8](repeating: 0, count: 300))
    }

    /// A crash while a new segment was created leaves it without a full
    /// header; it held no record.
    @Test func aLastSegmentWithoutAFullHeaderIsRewritten() throws {
        let directory = try Self.writeJournal()
        directory.write(Array(SegmentFormat.header(coversFrom: 2).prefix(5)), to: "journal-00000002.seg")
        let warnings = Warnings()
        let store = try FileStore(directory: directory.path, options: options(warnings: warnings))
        #expect(warnings.all.count == 1)
        #expect(try store.records(of: Journal.id(3), after: 0) == Self.records.filter { $0.sessionID == Journal.id(3) })
        try store.append(Journal.event(1, version: 3), expectedVersion: 2)
        store.close()
        #expect(directory.bytes(of: "journal-00000002.seg").prefix(16) == SegmentFormat.header(coversFrom: 2)[...])
    }
}
