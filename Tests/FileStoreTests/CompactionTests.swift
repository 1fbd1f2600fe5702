import Foundation
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// Compaction drops ended and expired sessions, keeps every other record
/// byte for byte, and loses no append made while it runs.
@Suite("Compaction", .timeLimit(.minutes(10)), .hangGuard)
struct CompactionTests {
    /// Sessions 1 and 4 live, 2 ended, 3 idle since its creation (time 1 000).
    private static let records: [JournalRecord] = [
        Journal.created(1), Journal.created(2), Journal.created(3), Journal.created(4, bodySize: 90),
        Journal.event(1, version: 2), Journal.event(2, version: 2), Journal.event(4, version: 2, bodySize: 120),
        Journal.event(1, version: 3, bodySize: 60), Journal.ended(2, version: 3), Journal.event(4, version: 3),
        Journal.event(4, version: 4, bodySize: 200), Journal.event(1, version: 4), Journal.event(4, version: 5),
    ]
    private static let kept = [1, 4].map(Journal.id)

    private static func compactionOptions(segmentSize: Int = 300, warnings: Warnings? = nil) -> FileStoreOptions {
        var options = options(segmentSize: segmentSize, warnings: warnings)
        options.retains = { $0.lastActivity >= 1_500 }
        return options
    }

    private static func writeJournal() throws -> TemporaryDirectory {
        try Journal.directory(holding: records, options: compactionOptions())
    }

    private static func expectKeptSessions(in store: FileStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for id in kept {
            #expect(try store.records(of: id, after: 0) == records.filter { $0.sessionID == id }, sourceLocation: sourceLocation)
        }
        #expect(Set(store.sessions().map(\.id)) == Set(kept), sourceLocation: sourceLocation)
    }

    @Test func dropsEndedAndExpiredSessionsAndKeepsTheRest() throws {
        let directory = try Self.writeJournal()
        let segmentsBefore = directory.segmentNames()
        #expect(segmentsBefore.count > 3)
        let store = try FileStore(directory: directory.path, options: Self.compactionOptions())
        let report = try store.compact()
        #expect(report.sessionsDropped == 2)
        #expect(report.segmentsRewritten == segmentsBefore.count - 1)
        #expect(report.bytesAfter < report.bytesBefore)
        try Self.expectKeptSessions(in: store)
        #expect(store.summary(of: Journal.id(2)) == nil)
        #expect(store.summary(of: Journal.id(3)) == nil)
        // The compacted segment took the number of the newest sealed one.
        #expect(directory.segmentNames() == Array(segmentsBefore.suffix(2)))
        try store.append(Journal.event(1, version: 5), expectedVersion: 4)
        store.close()

        let reopened = try FileStore(directory: directory.path, options: Self.compactionOptions())
        defer { reopened.close() }
        #expect(try reopened.records(of: Journal.id(1), after: 3) == [Journal.event(1, version: 4), Journal.event(1, version: 5)])
        #expect(
            reopened.summary(of: Journal.id(4))
                == SessionSummary(
                    id: Journal.id(4), lastVersion: 5, lastActivity: 2_000, ended: false,
                    bytes: Self.records.filter { $0.sessionID == Journal.id(4) }.reduce(0) { $0 + $1.storedSize }
                ))
    }

    /// On a stopped store's directory every record is rewritten: the result
    /// is exactly the kept records' frames, in their order.
    @Test func compactingAStoppedJournalKeepsTheRecordsByteForByte() throws {
        let directory = try Self.writeJournal()
        let segmentsBefore = directory.segmentNames()
        let report = try FileStore.compact(directory: directory.path, options: Self.compactionOptions())
        #expect(report.sessionsDropped == 2)
        #expect(report.segmentsRewritten == segmentsBefore.count)

        let keptFrames = Self.records.filter { Self.kept.contains($0.sessionID) }.flatMap { record in
            SessionKey(hex: record.sessionID).map { SegmentFormat.frame(of: record, key: $0) } ?? []
        }
        let segments = directory.segmentNames()
        #expect(segments.count == 2)
        #expect(segments.first == segmentsBefore.last)
        #expect(directory.bytes(of: segments[0]) == SegmentFormat.header(coversFrom: 1) + keptFrames)
        let active = try #require(SegmentFormat.segmentNumber(inFileName: segments[1]))
        #expect(directory.bytes(of: segments[1]) == SegmentFormat.header(coversFrom: active))
        #expect(try FileStore.verify(directory: directory.path).isClean)
    }

    /// A crash after the compacted segment was renamed into place but before
    /// the segments it replaced were deleted.
    @Test func openFinishesACompactionInterruptedBeforeItsDeletions() throws {
        let directory = try Self.writeJournal()
        let backup = TemporaryDirectory()
        directory.copyFiles(to: backup)
        let segmentsBefore = directory.segmentNames()
        let store = try FileStore(directory: directory.path, options: Self.compactionOptions())
        try store.compact()
        store.close()
        // Put back what the compaction deleted, and a temporary file.
        for name in segmentsBefore.dropLast(2) { directory.write(backup.bytes(of: name), to: name) }
        directory.write([1, 2, 3], to: "journal-00000009.seg.tmp")

        let report = try FileStore.verify(directory: directory.path)
        #expect(report.isClean)
        #expect(report.staleSegments == segmentsBefore.dropLast(2).map(directory.file))

        let warnings = Warnings()
        let reopened = try FileStore(directory: directory.path, options: Self.compactionOptions(warnings: warnings))
        defer { reopened.close() }
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("finished a compaction interrupted by a crash") == true)
        try Self.expectKeptSessions(in: reopened)
        #expect(directory.segmentNames() == Array(segmentsBefore.suffix(2)))
        #expect(!FileManager.default.fileExists(atPath: directory.file("journal-00000009.seg.tmp")))
    }

    /// Appender threads create, advance and end sessions while another
    /// thread compacts again and again: every acknowledged record is served,
    /// then and after a reopen.
    @Test func appendsDuringCompactionAreNotLost() throws {
        let directory = TemporaryDirectory()
        let small = options(segmentSize: 2_000)
        let store = try FileStore(directory: directory.path, options: small)
        let acknowledged = LockedBox<[String: [JournalRecord]]>([:])
        let rewrites = LockedBox(0)
        let appendersDone = LockedBox(0)
        let failures = LockedBox<[String]>([])
        let appenders = 3

        try runOnThreads(appenders + 1) { thread in
            if thread == appenders {
                // Compact until the appenders are done and at least three
                // compactions rewrote something.
                while appendersDone.withLock({ $0 }) < appenders || rewrites.withLock({ $0 }) < 3 {
                    do {
                        if try store.compact().segmentsRewritten > 0 { rewrites.withLock { $0 += 1 } }
                    } catch {
                        failures.withLock { $0.append("compact: \(error)") }
                        return
                    }
                }
                return
            }
            var session = thread * 100_000
            var done = 0
            while done < 20 || (rewrites.withLock { $0 } < 3 && done < 5_000) {
                session += 1
                done += 1
                var records = Journal.session(session, versions: 6, bodySize: 40)
                if session.isMultiple(of: 4) { records.append(Journal.ended(session, version: 7)) }
                for record in records {
                    do {
                        try store.append(record, expectedVersion: record.version - 1)
                        acknowledged.withLock { $0[record.sessionID, default: []].append(record) }
                    } catch {
                        failures.withLock { $0.append("append \(record.sessionID) v\(record.version): \(error)") }
                    }
                }
                if !session.isMultiple(of: 4), (try? store.records(of: Journal.id(session), after: 0)) != records {
                    failures.withLock { $0.append("read back \(session)") }
                }
            }
            appendersDone.withLock { $0 += 1 }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 }.prefix(5))")
        let all = acknowledged.withLock { $0 }
        try Self.expectServed(all, by: store)
        store.close()
        let reopened = try FileStore(directory: directory.path, options: small)
        defer { reopened.close() }
        try Self.expectServed(all, by: reopened)
    }

    /// Live sessions are served whole; ended ones are either dropped or whole.
    private static func expectServed(_ acknowledged: [String: [JournalRecord]], by store: FileStore) throws {
        for (id, records) in acknowledged {
            if records.last?.kind == .ended, store.summary(of: id) == nil { continue }
            #expect(try store.records(of: id, after: 0) == records, "session \(id)")
        }
    }

    @Test func compactionStartsByItselfWhenSealedSegmentsDouble() throws {
        let directory = TemporaryDirectory()
        let warnings = Warnings()
        var automatic = options(segmentSize: 1_000, warnings: warnings)
        automatic.automaticCompactionGrowth = 1
        let store = try FileStore(directory: directory.path, options: automatic)
        defer { store.close() }
        var written = 0
        for session in 1...200 {
            let records = [Journal.created(session, bodySize: 30), Journal.ended(session, version: 2)]
            try Journal.append(records, to: store)
            written += records.reduce(0) { $0 + $1.storedSize }
        }
        let onDisk = { directory.segmentNames().reduce(0) { $0 + directory.bytes(of: $1).count } }
        #expect(written > 20_000)
        // Sealed segments are compacted once they reach 2 000 bytes, so the
        // journal stays below that plus a segment being sealed and the active one.
        try waitUntil("compaction to bring the journal under 4,500 bytes: \(onDisk()) on disk, \(directory.segmentNames()) \(warnings.all)")
        {
            onDisk() < 4_500
        }
        #expect(store.sessions().count < 200)
    }
}
