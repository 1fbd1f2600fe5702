import Foundation
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// A journal read without its lock, as `navigation-server journal` reads a
/// running server's: the same sessions and records a store sees, nothing
/// changed, and a compaction racing the read does not make it fail.
@Suite("File store snapshot", .timeLimit(.minutes(10)), .hangGuard)
struct FileStoreSnapshotTests {
    /// Sessions 1 and 3 live, 2 ended.
    private static let records: [JournalRecord] = [
        Journal.created(1), Journal.created(2), Journal.event(1, version: 2, bodySize: 40), Journal.created(3),
        Journal.event(2, version: 2), Journal.ended(2, version: 3), Journal.event(1, version: 3), Journal.event(3, version: 2),
    ]

    /// A small segment size: every few records seal a segment, so that a
    /// compaction has older sealed segments to delete.
    private static func writeJournal(segmentSize: Int = 120) throws -> (TemporaryDirectory, FileStore) {
        let directory = TemporaryDirectory()
        let store = try FileStore(directory: directory.path, options: options(segmentSize: segmentSize))
        try Journal.append(records, to: store)
        return (directory, store)
    }

    private static func expectSameJournal(
        _ snapshot: FileStoreSnapshot, as store: FileStore, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let byID: (SessionSummary, SessionSummary) -> Bool = { $0.id < $1.id }
        #expect(snapshot.sessions().sorted(by: byID) == store.sessions().sorted(by: byID), sourceLocation: sourceLocation)
        for summary in store.sessions() {
            #expect(
                try snapshot.records(of: summary.id, after: 0) == store.records(of: summary.id, after: 0), sourceLocation: sourceLocation)
            #expect(
                try snapshot.firstRecord(of: summary.id) == store.records(of: summary.id, after: 0).first, sourceLocation: sourceLocation)
        }
    }

    @Test func readsWhatTheOpenStoreHoldsWithoutItsLock() throws {
        let (directory, store) = try Self.writeJournal()
        defer { store.close() }
        let filesBefore = directory.segmentNames().map { directory.bytes(of: $0) }

        let snapshot = try FileStoreSnapshot(directory: directory.path)
        try Self.expectSameJournal(snapshot, as: store)
        #expect(snapshot.summary(of: Journal.id(2))?.ended == true)
        #expect(try snapshot.records(of: Journal.id(1), after: 2) == [Journal.event(1, version: 3)])
        #expect(snapshot.segmentFiles == directory.segmentNames().map(directory.file))
        #expect(snapshot.segmentBytes == Int64(filesBefore.reduce(0) { $0 + $1.count }))
        #expect(snapshot.warnings.isEmpty)
        #expect(throws: StoreError.notFound) { try snapshot.records(of: Journal.id(9), after: 0) }
        #expect(directory.segmentNames().map { directory.bytes(of: $0) } == filesBefore)
        // The store still appends: the snapshot took no lock.
        try store.append(Journal.event(3, version: 3), expectedVersion: 2)
    }

    @Test func aCompactionBetweenListingAndReadingMakesItReadOnceMore() throws {
        let (directory, store) = try Self.writeJournal()
        defer { store.close() }
        #expect(directory.segmentNames().count > 2)
        var listings = 0
        let snapshot = try FileStoreSnapshot(directory: directory.path) { (journal) throws(StoreError) in
            let numbers = try journal.segmentNumbers()
            // The first time, a running server compacts right after the listing.
            listings += 1
            if listings == 1 { try store.compact() }
            return numbers
        }
        #expect(listings == 2)
        #expect(snapshot.summary(of: Journal.id(2)) == nil, "the snapshot was taken after the compaction dropped it")
        try Self.expectSameJournal(snapshot, as: store)
    }

    @Test func recordsStayReadableAfterACompactionDeletedTheirSegments() throws {
        let (directory, store) = try Self.writeJournal()
        defer { store.close() }
        let snapshot = try FileStoreSnapshot(directory: directory.path)
        let segmentsBefore = directory.segmentNames()
        try store.compact()
        #expect(directory.segmentNames() != segmentsBefore)
        for id in [1, 2, 3].map(Journal.id) {
            #expect(try snapshot.records(of: id, after: 0) == Self.records.filter { $0.sessionID == id })
        }
    }

    @Test func verifyReadsOnceMoreWhenACompactionDeletedASegment() throws {
        let (directory, store) = try Self.writeJournal()
        defer { store.close() }
        var listings = 0
        let report = try FileStore.verify(directory: directory.path) { (journal) throws(StoreError) in
            let numbers = try journal.segmentNumbers()
            listings += 1
            if listings == 1 { try store.compact() }
            return numbers
        }
        #expect(listings == 2)
        #expect(report.isClean)
        #expect(report.segments == directory.segmentNames().map(directory.file))
        #expect(report.sessions == 2)
    }

    @Test func anIncompleteLastRecordIsLeftOutWithAWarningAndNotTruncated() throws {
        let (directory, store) = try Self.writeJournal(segmentSize: 64 << 20)
        store.close()
        let segment = "journal-00000001.seg"
        let complete = directory.bytes(of: segment)
        let torn = Array(complete.dropLast(5))
        directory.write(torn, to: segment)

        let snapshot = try FileStoreSnapshot(directory: directory.path)
        let lastOffset = complete.count - (try #require(Self.records.last)).storedSize
        #expect(snapshot.warnings.count == 1)
        #expect(snapshot.warnings.first?.hasPrefix("\(directory.file(segment)) at offset \(lastOffset): ") == true)
        #expect(snapshot.summary(of: Journal.id(3))?.lastVersion == 1)
        #expect(directory.bytes(of: segment) == torn)
    }

    @Test func damageInTheMiddleThrowsWithFileAndOffset() throws {
        let (directory, store) = try Self.writeJournal(segmentSize: 64 << 20)
        store.close()
        let segment = "journal-00000001.seg"
        var bytes = directory.bytes(of: segment)
        let offset = SegmentFormat.headerSize + Self.records[0].storedSize
        bytes[offset + 20] ^= 0x01
        directory.write(bytes, to: segment)

        #expect(throws: StoreError.corrupt(file: directory.file(segment), offset: Int64(offset), reason: "record checksum mismatch")) {
            try FileStoreSnapshot(directory: directory.path)
        }
    }

    @Test func isOpenTellsWhetherAStoreHoldsTheDirectory() throws {
        let directory = TemporaryDirectory()
        #expect(try FileStore.isOpen(directory: directory.path) == false)
        #expect(!FileManager.default.fileExists(atPath: directory.file("LOCK")), "probing created nothing")
        // The LOCK file a stopped server leaves is not a lock.
        directory.write([], to: "LOCK")
        #expect(try FileStore.isOpen(directory: directory.path) == false)
        // The probe kept no lock: a store still takes it.
        let store = try FileStore(directory: directory.path, options: options())
        defer { store.close() }
        #expect(try FileStore.isOpen(directory: directory.path))
        // After the probe the store still holds the lock: a second store is refused.
        #expect(throws: StoreError.self) { try FileStore(directory: directory.path, options: options()) }
        #expect(throws: StoreError.self) { try FileStore.isOpen(directory: directory.file("missing")) }
    }
}
