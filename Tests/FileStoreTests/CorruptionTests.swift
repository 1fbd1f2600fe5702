import Foundation
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// Damage before the end of the journal stops the open with the file and
/// offset; `verify` reports the same place and modifies nothing.
@Suite("Corruption", .timeLimit(.minutes(10)), .hangGuard)
struct CorruptionTests {
    private static let records: [JournalRecord] = [
        Journal.created(1), Journal.created(2), Journal.event(1, version: 2, bodySize: 30), Journal.event(2, version: 2),
        Journal.event(1, version: 3),
    ]

    /// Where the `index`th record starts in a segment holding `records`.
    private static func offset(ofRecord index: Int) -> Int {
        SegmentFormat.headerSize + records.prefix(index).reduce(0) { $0 + $1.storedSize }
    }

    private static func writeJournal() throws -> TemporaryDirectory {
        try Journal.directory(holding: records)
    }

    @Test func flippingAnyByteOfAMiddleRecordRefusesTheOpenAtThatRecord() throws {
        let original = try Self.writeJournal()
        let segment = "journal-00000001.seg"
        let bytes = original.bytes(of: segment)
        let start = Self.offset(ofRecord: 2)
        let end = Self.offset(ofRecord: 3)

        for position in start..<end {
            let directory = TemporaryDirectory()
            var damaged = bytes
            damaged[position] ^= 0x20
            directory.write(damaged, to: segment)
            let file = directory.file(segment)

            do {
                let store = try FileStore(directory: directory.path, options: options())
                store.close()
                Issue.record("byte \(position): the damaged journal opened")
            } catch {
                guard case .corrupt(let reportedFile, let offset, _) = error else {
                    Issue.record("byte \(position): \(error)")
                    continue
                }
                #expect(reportedFile == file, "byte \(position)")
                #expect(offset == Int64(start), "byte \(position)")
                #expect(error.description.contains("\(file) at offset \(start)"))
            }

            let report = try FileStore.verify(directory: directory.path)
            #expect(
                report.problems.first
                    == FileStoreVerification.Problem(
                        file: file, offset: Int64(start), kind: .corrupt, reason: report.problems.first?.reason ?? "",
                        size: Int64(end - start)
                    ), "byte \(position): \(report.problems)")
            #expect(report.problems.count == 1, "byte \(position): \(report.problems)")
            // Verify resumes after the damage: the records around it are read.
            #expect(report.records == Self.records.count - 1, "byte \(position)")
            #expect(directory.bytes(of: segment) == damaged, "verify modified the file")
        }
    }

    /// Record 1 is damaged, record 3 too, and record 4 is cut short: from
    /// record 3 on no record starts, so that is one torn tail.
    @Test func verifyReportsEveryDamagedRange() throws {
        let directory = try Self.writeJournal()
        let segment = "journal-00000001.seg"
        var bytes = directory.bytes(of: segment)
        bytes[Self.offset(ofRecord: 1) + 20] ^= 0x01
        bytes[Self.offset(ofRecord: 3) + 2] ^= 0x80
        directory.write(Array(bytes.dropLast(1)), to: segment)
        let report = try FileStore.verify(directory: directory.path)
        #expect(report.problems.map(\.offset) == [1, 3].map { Int64(Self.offset(ofRecord: $0)) })
        #expect(report.problems.map(\.kind) == [.corrupt, .torn])
        #expect(
            report.problems.map(\.size)
                == [Self.records[1].storedSize, Self.records[3].storedSize + Self.records[4].storedSize - 1].map(Int64.init))
        #expect(report.problems.allSatisfy { $0.file == directory.file(segment) })
        #expect(report.records == 2)
    }

    @Test func verifyReportsATornTailWithoutTruncatingIt() throws {
        let directory = try Self.writeJournal()
        let segment = "journal-00000001.seg"
        let bytes = directory.bytes(of: segment)
        directory.write(Array(bytes.dropLast(3)), to: segment)
        let report = try FileStore.verify(directory: directory.path)
        #expect(report.problems.map(\.kind) == [.torn])
        #expect(report.problems.first?.offset == Int64(Self.offset(ofRecord: 4)))
        #expect(report.records == 4)
        #expect(report.sessions == 2)
        #expect(directory.bytes(of: segment) == Array(bytes.dropLast(3)))
    }

    @Test func aCleanJournalVerifiesClean() throws {
        let directory = try Self.writeJournal()
        let report = try FileStore.verify(directory: directory.path)
        #expect(report.isClean)
        #expect(report.records == Self.records.count)
        #expect(report.sessions == 2)
        #expect(report.segments == [directory.file("journal-00000001.seg")])
    }

    /// A torn-looking end of a segment that is not the last one is
    /// corruption: records were appended after it.
    @Test func damageAtTheEndOfASealedSegmentIsCorruption() throws {
        let directory = try Self.writeJournal()
        let first = directory.bytes(of: "journal-00000001.seg")
        directory.write(Array(first.dropLast(2)), to: "journal-00000001.seg")
        directory.write(SegmentFormat.header(coversFrom: 2), to: "journal-00000002.seg")
        #expect(
            throws: StoreError.corrupt(
                file: directory.file("journal-00000001.seg"), offset: Int64(Self.offset(ofRecord: 4)),
                reason: "record of \(Self.records[4].storedSize) bytes cut short after \(Self.records[4].storedSize - 2)")
        ) {
            try FileStore(directory: directory.path, options: options())
        }
        #expect(try FileStore.verify(directory: directory.path).problems.map(\.kind) == [.corrupt])
    }

    @Test func aDamagedSegmentHeaderRefusesTheOpen() throws {
        let directory = try Self.writeJournal()
        var bytes = directory.bytes(of: "journal-00000001.seg")
        bytes[9] ^= 0x01
        directory.write(bytes, to: "journal-00000001.seg")
        #expect(
            throws: StoreError.corrupt(file: directory.file("journal-00000001.seg"), offset: 0, reason: "segment header fails its checksum")
        ) {
            try FileStore(directory: directory.path, options: options())
        }
    }

    @Test func aSegmentOfANewerFormatIsRefusedByNameAndVersions() throws {
        let directory = try Self.writeJournal()
        // Format 2 may lay out everything after the version differently.
        let newer: [UInt8] = Array("NAVJ".utf8) + [2, 0, 0, 0] + [UInt8](repeating: 0xAB, count: 40)
        directory.write(newer, to: "journal-00000002.seg")
        let file = directory.file("journal-00000002.seg")
        #expect(throws: StoreError.newerFormat(file: file, found: 2, supported: 1)) {
            try FileStore(directory: directory.path, options: options())
        }
        #expect(
            StoreError.newerFormat(file: file, found: 2, supported: 1).description
                == "\(file) has journal format 2, but this build reads format 1 at most; use a newer navigation-server")
        let report = try FileStore.verify(directory: directory.path)
        #expect(report.problems.map(\.kind) == [.newerFormat])
        #expect(report.problems.first?.file == file)
        // Nothing was changed by the refused open.
        #expect(directory.bytes(of: "journal-00000002.seg") == newer)
    }

    @Test func aRecordThatSkipsAVersionIsCorruption() throws {
        let directory = TemporaryDirectory()
        let good = Journal.created(1)
        let skipping = Journal.event(1, version: 3)
        guard let key = SessionKey(hex: good.sessionID) else { return }
        let bytes =
            SegmentFormat.header(coversFrom: 1) + SegmentFormat.frame(of: good, key: key) + SegmentFormat.frame(of: skipping, key: key)
        directory.write(bytes, to: "journal-00000001.seg")
        #expect(
            throws: StoreError.corrupt(
                file: directory.file("journal-00000001.seg"), offset: Int64(16 + good.storedSize),
                reason: "session \(good.sessionID) has version 3 after version 1"
            )
        ) {
            try FileStore(directory: directory.path, options: options())
        }
    }
}
