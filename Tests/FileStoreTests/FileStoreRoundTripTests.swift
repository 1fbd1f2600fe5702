import Foundation
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// What a file store wrote, it serves again after a reopen: summaries,
/// records, across segments.
@Suite("FileStore round trip", .timeLimit(.minutes(10)), .hangGuard)
struct FileStoreRoundTripTests {
    @Test func reopenServesTheSameSummariesAndRecords() throws {
        let directory = TemporaryDirectory()
        // Small segments, so that sessions span several of them.
        let small = options(segmentSize: 400)
        var written: [String: [JournalRecord]] = [:]
        var before: [SessionSummary] = []
        do {
            let store = try FileStore(directory: directory.path, options: small)
            for round in 1...6 {
                for session in 1...5 where round <= session + 1 {
                    let record =
                        round == 1
                        ? Journal.created(session, bodySize: 20 * session)
                        : Journal.event(session, version: round, time: Int64(round), bodySize: 7 * round)
                    try store.append(record, expectedVersion: round - 1)
                    written[record.sessionID, default: []].append(record)
                }
            }
            try store.append(Journal.ended(1, version: 3), expectedVersion: 2)
            written[Journal.id(1), default: []].append(Journal.ended(1, version: 3))
            before = store.sessions().sorted { $0.id < $1.id }
            store.close()
        }
        #expect(directory.segmentNames().count > 2)

        let reopened = try FileStore(directory: directory.path, options: small)
        defer { reopened.close() }
        #expect(reopened.sessions().sorted { $0.id < $1.id } == before)
        for (id, records) in written {
            #expect(try reopened.records(of: id, after: 0) == records)
            #expect(try reopened.records(of: id, after: 2) == Array(records.dropFirst(2)))
            #expect(reopened.summary(of: id)?.bytes == records.reduce(0) { $0 + $1.storedSize })
        }
        #expect(reopened.summary(of: Journal.id(1))?.ended == true)
        // Appends continue after the reopen, from the stored version.
        try reopened.append(Journal.event(2, version: 4), expectedVersion: 3)
        #expect(reopened.summary(of: Journal.id(2))?.lastVersion == 4)
    }

    @Test func bytesOnDiskAreTheRecordsAndOneHeaderPerSegment() throws {
        let directory = TemporaryDirectory()
        let store = try FileStore(directory: directory.path, options: options())
        let records = Journal.session(1, versions: 5, bodySize: 100)
        try Journal.append(records, to: store)
        store.close()
        let onDisk = directory.segmentNames().reduce(0) { $0 + directory.bytes(of: $1).count }
        #expect(onDisk == SegmentFormat.headerSize + records.reduce(0) { $0 + $1.storedSize })
        #expect(records[0].storedSize == 41 + records[0].body.count)
    }

    @Test func theDirectoryIsCreatedWithItsParents() throws {
        let directory = TemporaryDirectory()
        let nested = directory.path + "/a/b/data"
        let store = try FileStore(directory: nested, options: options())
        try store.append(Journal.created(1), expectedVersion: 0)
        store.close()
        #expect(FileManager.default.fileExists(atPath: nested + "/journal-00000001.seg"))
    }

    @Test func oneStorePerDirectory() throws {
        let directory = TemporaryDirectory()
        let store = try FileStore(directory: directory.path, options: options())
        var noWait = options()
        noWait.lockWait = 0
        #expect {
            try FileStore(directory: directory.path, options: noWait)
        } throws: { error in
            guard case StoreError.unavailable(let reason) = error else { return false }
            return reason.contains("already open")
        }
        store.close()
        // Closing releases the directory.
        try FileStore(directory: directory.path, options: options()).close()
    }

    /// What a `kill -9` leaves: the record was written to the operating
    /// system (no fsync under `no`), the process let go of its files without
    /// closing the store; a new store sees the record.
    @Test func aRecordWrittenWithoutFsyncSurvivesTheWriterDying() throws {
        let directory = TemporaryDirectory()
        let io = CountingIO()
        let store = try FileStore(directory: directory.path, options: options(fsync: .no, io: io))
        try Journal.append(Journal.session(1, versions: 3), to: store)
        #expect(io.fsyncs.withLock { $0 } == 0)
        store.simulateCrash()

        let survivor = try FileStore(directory: directory.path, options: options())
        defer { survivor.close() }
        #expect(try survivor.records(of: Journal.id(1), after: 0) == Journal.session(1, versions: 3))
    }

    @Test func aRecordLargerThanASegmentGetsASegmentOfItsOwn() throws {
        let directory = TemporaryDirectory()
        let small = options(segmentSize: 200)
        let store = try FileStore(directory: directory.path, options: small)
        let records = [
            Journal.created(1, bodySize: 1_000), Journal.event(1, version: 2, bodySize: 10), Journal.event(1, version: 3, bodySize: 1_000),
        ]
        try Journal.append(records, to: store)
        store.close()
        #expect(directory.segmentNames().count == 3)
        let reopened = try FileStore(directory: directory.path, options: small)
        defer { reopened.close() }
        #expect(try reopened.records(of: Journal.id(1), after: 0) == records)
    }
}
