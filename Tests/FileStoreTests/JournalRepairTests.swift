import Foundation
import Platform
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// `navigation-server journal repair`: damage in the middle of the journal
/// is cut out, every record before and after it that can be read is kept,
/// a session that lost a record keeps its versions up to the gap, and the
/// bytes taken out are kept beside their segment.
@Suite("Journal repair", .timeLimit(.minutes(10)), .hangGuard)
struct JournalRepairTests {
    /// Three sessions, interleaved.
    static let records: [JournalRecord] = [
        Journal.created(1), Journal.created(2, bodySize: 30), Journal.event(1, version: 2), Journal.created(3),
        Journal.event(2, version: 2), Journal.event(1, version: 3, bodySize: 50), Journal.event(3, version: 2),
        Journal.event(2, version: 3), Journal.event(1, version: 4), Journal.event(3, version: 3),
    ]
    static let segment = "journal-00000001.seg"

    static func offset(ofRecord index: Int) -> Int {
        SegmentFormat.headerSize + records.prefix(index).reduce(0) { $0 + $1.storedSize }
    }

    static func range(ofRecord index: Int) -> Range<Int> {
        offset(ofRecord: index)..<offset(ofRecord: index + 1)
    }

    static func writeJournal(segmentSize: Int = 64 << 20) throws -> TemporaryDirectory {
        try Journal.directory(holding: records, options: options(segmentSize: segmentSize))
    }

    /// Every file of the directory and its bytes.
    static func contents(of directory: TemporaryDirectory) -> [String: [UInt8]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return Dictionary(uniqueKeysWithValues: names.map { ($0, directory.bytes(of: $0)) })
    }

    /// The records of each session as a store opened on `directory` serves them, and the warnings it gave.
    static func reopened(_ directory: TemporaryDirectory) throws -> (records: [Int: [JournalRecord]], warnings: [String]) {
        let warnings = Warnings()
        let store = try FileStore(directory: directory.path, options: options(warnings: warnings))
        defer { store.close() }
        var found: [Int: [JournalRecord]] = [:]
        for number in 1...3 {
            found[number] = (try? store.records(of: Journal.id(number), after: 0)) ?? []
        }
        return (found, warnings.all)
    }

    static func session(_ number: Int, upTo version: Int = .max) -> [JournalRecord] {
        records.filter { $0.sessionID == Journal.id(number) && $0.version <= version }
    }

    @Test func aDamagedRecordInTheMiddleIsCutOutAndItsSessionEndsBeforeIt() throws {
        let directory = try Self.writeJournal()
        var bytes = directory.bytes(of: Self.segment)
        let damaged = Self.range(ofRecord: 5)  // session 1, version 3
        bytes[damaged.lowerBound + 40] ^= 0x10
        directory.write(bytes, to: Self.segment)
        #expect(throws: StoreError.self) { try FileStore(directory: directory.path, options: options()) }

        let report = try FileStore.repair(directory: directory.path, options: options())
        let file = directory.file(Self.segment)
        #expect(
            report.damagedRanges == [
                .init(
                    file: file, offset: Int64(damaged.lowerBound), size: Int64(damaged.count), reason: "record checksum mismatch",
                    movedTo: file + ".damaged-\(damaged.lowerBound)")
            ])
        #expect(
            report.brokenSessions == [
                .init(
                    id: Journal.id(1), lastVersionKept: 2, recordsDropped: 1,
                    reason: "session \(Journal.id(1)) has version 4 after version 2")
            ])
        let dropped = Self.range(ofRecord: 8)  // session 1, version 4
        #expect(report.droppedRecordFiles == [file + ".dropped-\(dropped.lowerBound)"])
        #expect(report.segments == [file])
        #expect(report.segmentsRewritten == [file])
        #expect(report.recordsKept == Self.records.count - 2)
        #expect(report.sessions == 3)
        #expect(report.sessionsWithoutStart.isEmpty)
        #expect(!report.isClean)

        // The bytes taken out are beside the segment, as they were.
        #expect(directory.bytes(of: Self.segment + ".damaged-\(damaged.lowerBound)") == Array(bytes[damaged]))
        #expect(directory.bytes(of: Self.segment + ".dropped-\(dropped.lowerBound)") == Array(bytes[dropped]))
        // The store opens without a word: sessions 2 and 3 whole, session 1 up to the gap.
        let (found, warnings) = try Self.reopened(directory)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(found[1] == Self.session(1, upTo: 2))
        #expect(found[2] == Self.session(2))
        #expect(found[3] == Self.session(3))
        #expect(try FileStore.verify(directory: directory.path).isClean)
        // A second repair has nothing to do.
        let before = Self.contents(of: directory)
        #expect(try FileStore.repair(directory: directory.path, options: options()).isClean)
        #expect(Self.contents(of: directory) == before)
    }

    /// Garbage between two records loses nothing but itself.
    @Test func garbageBetweenRecordsIsCutOutAndEveryRecordKept() throws {
        let directory = try Self.writeJournal()
        let bytes = directory.bytes(of: Self.segment)
        let at = Self.offset(ofRecord: 4)
        for (seed, length) in [(1, 1), (2, 12), (3, 37), (4, 500)] {
            let copy = TemporaryDirectory()
            let garbage = CorruptTailTests.randomBytes(length, seed: UInt64(seed))
            copy.write(Array(bytes[..<at]) + garbage + Array(bytes[at...]), to: Self.segment)
            let report = try FileStore.repair(directory: copy.path, options: options())
            #expect(report.damagedRanges.map(\.offset) == [Int64(at)], "\(length) bytes")
            #expect(report.damagedRanges.map(\.size) == [Int64(length)], "\(length) bytes")
            #expect(report.brokenSessions.isEmpty)
            #expect(report.droppedRecordFiles.isEmpty)
            #expect(copy.bytes(of: Self.segment) == bytes, "\(length) bytes")
            #expect(copy.bytes(of: Self.segment + ".damaged-\(at)") == garbage)
        }
    }

    /// Damage in a sealed segment, seen from the later ones: the broken
    /// session's records in later segments are dropped too.
    @Test func damageInASealedSegmentBreaksItsSessionsInTheLaterOnes() throws {
        let directory = try Self.writeJournal(segmentSize: 200)
        let segments = directory.segmentNames()
        try #require(segments.count >= 3, "\(segments)")
        // The second record of the first segment: session 2's created record.
        var first = directory.bytes(of: segments[0])
        let damaged = Self.range(ofRecord: 1)
        try #require(first.count >= damaged.upperBound)
        first[damaged.lowerBound + 3] ^= 0x01
        directory.write(first, to: segments[0])

        let report = try FileStore.repair(directory: directory.path, options: options())
        #expect(report.damagedRanges.map(\.file) == [directory.file(segments[0])])
        #expect(report.sessionsWithoutStart == [.init(id: Journal.id(2), records: 2)])
        #expect(report.brokenSessions.isEmpty)
        let (found, warnings) = try Self.reopened(directory)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(found[1] == Self.session(1))
        #expect(found[2] == [])
        #expect(found[3] == Self.session(3))
        #expect(try FileStore.verify(directory: directory.path).isClean)
    }

    @Test func aSessionThatLostARecordInAnEarlierSegmentKeepsItsVersionsUpToTheGap() throws {
        let directory = try Self.writeJournal(segmentSize: 200)
        let segments = directory.segmentNames()
        // Where session 1's version 2 is, and which segment holds it.
        let key = try #require(SessionKey(hex: Journal.id(1)))
        let store = try FileStore(directory: directory.path, options: options())
        let location = try #require(store.state.withLock { $0.index.entries[key]?.locations[1] })
        store.close()
        let name = SegmentFormat.fileName(ofSegment: location.segment)
        var bytes = directory.bytes(of: name)
        bytes[Int(location.offset) + 20] ^= 0x04
        directory.write(bytes, to: name)

        let report = try FileStore.repair(directory: directory.path, options: options())
        #expect(report.brokenSessions.map(\.id) == [Journal.id(1)])
        #expect(report.brokenSessions.first?.lastVersionKept == 1)
        #expect(report.brokenSessions.first?.recordsDropped == 2)
        #expect(!report.droppedRecordFiles.isEmpty)
        let (found, _) = try Self.reopened(directory)
        #expect(found[1] == Self.session(1, upTo: 1))
        #expect(found[2] == Self.session(2))
        #expect(found[3] == Self.session(3))
        #expect(segments == directory.segmentNames())
    }

    @Test func aCleanJournalIsLeftAsItIs() throws {
        let directory = try Self.writeJournal(segmentSize: 300)
        let before = Self.contents(of: directory)
        let report = try FileStore.repair(directory: directory.path, options: options())
        #expect(report.isClean)
        #expect(report.segmentsRewritten.isEmpty)
        #expect(report.recordsKept == Self.records.count)
        #expect(report.sessions == 3)
        #expect(Self.contents(of: directory) == before)
    }

    /// A torn tail is repaired as open would: moved aside.
    @Test func aTornTailIsMovedAside() throws {
        let directory = try Self.writeJournal()
        let bytes = directory.bytes(of: Self.segment)
        let tail = CorruptTailTests.randomBytes(37, seed: 3)
        directory.write(bytes + tail, to: Self.segment)
        let report = try FileStore.repair(directory: directory.path, options: options())
        #expect(report.damagedRanges.map(\.offset) == [Int64(bytes.count)])
        #expect(directory.bytes(of: Self.segment) == bytes)
        #expect(directory.bytes(of: Self.segment + ".damaged-\(bytes.count)") == tail)
    }

    @Test func aDamagedSegmentHeaderIsReplacedAndItsRecordsKept() throws {
        let directory = try Self.writeJournal(segmentSize: 300)
        let segments = directory.segmentNames()
        try #require(segments.count >= 2)
        var second = directory.bytes(of: segments[1])
        let original = Array(second.prefix(16))
        second[2] ^= 0xFF
        directory.write(second, to: segments[1])
        let report = try FileStore.repair(directory: directory.path, options: options())
        #expect(report.damagedRanges.map(\.offset) == [0])
        #expect(report.damagedRanges.map(\.size) == [16])
        #expect(report.damagedRanges.first?.reason == "not a journal segment (no NAVJ magic)")
        #expect(directory.bytes(of: segments[1]).prefix(16) == original[...])
        let (found, warnings) = try Self.reopened(directory)
        #expect(warnings.isEmpty)
        for number in 1...3 { #expect(found[number] == Self.session(number)) }
    }

    /// A last segment whose header is zeros but whose records follow is not
    /// one being created: open refuses rather than drop the records, and
    /// repair gives it a header and keeps them.
    @Test func aZeroedHeaderBeforeRecordsIsReplacedNotDropped() throws {
        let directory = try Self.writeJournal()
        var bytes = directory.bytes(of: Self.segment)
        bytes.replaceSubrange(0..<16, with: [UInt8](repeating: 0, count: 16))
        directory.write(bytes, to: Self.segment)
        #expect(
            throws: StoreError.corrupt(file: directory.file(Self.segment), offset: 0, reason: "segment has no header, but bytes after it")
        ) { try FileStore(directory: directory.path, options: options()) }
        let report = try FileStore.repair(directory: directory.path, options: options())
        #expect(report.damagedRanges.map(\.reason) == ["segment has no header, but bytes after it"])
        #expect(report.recordsKept == Self.records.count)
        let (found, warnings) = try Self.reopened(directory)
        #expect(warnings.isEmpty)
        for number in 1...3 { #expect(found[number] == Self.session(number)) }
    }

    /// A whole record of a kind this build does not know was written by a
    /// newer build: repair refuses rather than drop it.
    @Test func aRecordOfAnUnknownKindIsNotDroppedButRefused() throws {
        let directory = try Self.writeJournal()
        var frame = SegmentFormat.frame(of: Journal.event(2, version: 4), key: try #require(SessionKey(hex: Journal.id(2))))
        frame[12] = 200
        let checksum = frame.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[12...])) }
        withUnsafeBytes(of: checksum.littleEndian) { frame.replaceSubrange(8..<12, with: $0) }
        directory.write(directory.bytes(of: Self.segment) + frame, to: Self.segment)
        let before = Self.contents(of: directory)
        let error = #expect(throws: StoreError.self) { try FileStore.repair(directory: directory.path, options: options()) }
        #expect(error?.description.contains("unknown record kind 200") == true, "\(String(describing: error))")
        #expect(error?.description.contains("repair does not drop records a newer build wrote") == true)
        #expect(Self.contents(of: directory) == before)
    }

    /// One server per directory: repair takes the `LOCK`.
    @Test func aDirectoryAStoreHoldsIsRefused() throws {
        let directory = try Self.writeJournal()
        var bytes = directory.bytes(of: Self.segment)
        let store = try FileStore(directory: directory.path, options: options())
        defer { store.close() }
        bytes[Self.offset(ofRecord: 2) + 30] ^= 0x01
        directory.write(bytes, to: Self.segment)
        let error = #expect(throws: StoreError.self) { try FileStore.repair(directory: directory.path, options: options()) }
        #expect(error?.description.contains("already open") == true, "\(String(describing: error))")
        #expect(directory.bytes(of: Self.segment) == bytes)
    }

    /// Nothing is replaced until what is taken out is on disk: an fsync
    /// that fails leaves every file as it was, and no temporary file.
    @Test func aFailedFsyncLeavesTheJournalAsItWas() throws {
        let directory = try Self.writeJournal()
        var bytes = directory.bytes(of: Self.segment)
        bytes[Self.offset(ofRecord: 3) + 25] ^= 0x02
        directory.write(bytes, to: Self.segment)
        let before = Self.contents(of: directory)
        let io = CountingIO()
        io.fsyncFailure.withLock { $0 = EIO }
        #expect(throws: StoreError.self) { try FileStore.repair(directory: directory.path, options: options(io: io)) }
        #expect(Self.contents(of: directory) == before)
        // With a disk that works again, the same repair succeeds.
        io.fsyncFailure.withLock { $0 = nil }
        #expect(try FileStore.repair(directory: directory.path, options: options(io: io)).damagedRanges.count == 1)
    }
}
