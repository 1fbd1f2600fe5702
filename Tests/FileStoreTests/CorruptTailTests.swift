import Foundation
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// docs/durability.md#damage-torn-tails-and-repair: bytes after the last valid
/// record that do not form a record (cut short, zeros, or garbage that a power
/// loss left) are moved aside into a file beside the segment with one warning
/// line; nothing before them is lost. A tail is bytes in which no record starts
/// at any offset; a record after garbage makes it damage in the middle.
@Suite("Corrupt tail", .timeLimit(.minutes(10)), .hangGuard)
struct CorruptTailTests {
    private static let records: [JournalRecord] =
        Journal.session(1, versions: 3, bodySize: 40) + Journal.session(2, versions: 2) + [Journal.event(1, version: 4, bodySize: 90)]
    static let segment = "journal-00000001.seg"

    private static func writeJournal() throws -> TemporaryDirectory {
        try Journal.directory(holding: records)
    }

    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// Opens `directory` with `tail` after its journal and checks what a torn
    /// tail must give: every record, the tail's bytes beside the segment,
    /// the segment as it was, one warning naming file, offset and size.
    private static func expectMovedAside(_ tail: [UInt8], after journal: [UInt8], _ comment: Comment) throws {
        let directory = TemporaryDirectory()
        directory.write(journal + tail, to: segment)
        let warnings = Warnings()
        let store = try FileStore(directory: directory.path, options: options(warnings: warnings))
        for number in 1...2 {
            #expect(try store.records(of: Journal.id(number), after: 0) == records.filter { $0.sessionID == Journal.id(number) }, comment)
        }
        // Appends go where the tail was.
        try store.append(Journal.event(2, version: 3), expectedVersion: 2)
        store.close()
        #expect(warnings.all.count == 1, comment)
        #expect(
            warnings.all.first?.hasPrefix(
                "\(directory.file(segment)): moved a torn tail aside: \(tail.count) bytes at offset \(journal.count) (") == true,
            "\(comment): \(warnings.all)")
        let damaged = "\(segment).damaged-\(journal.count)"
        #expect(warnings.all.first?.contains(directory.file(damaged)) == true, comment)
        #expect(directory.bytes(of: damaged) == tail, comment)
        #expect(directory.bytes(of: segment) == journal + SegmentFormat.frame(of: Journal.event(2, version: 3), key: key(2)), comment)
        // Moved aside once: the next open finds nothing to do.
        let again = Warnings()
        try FileStore(directory: directory.path, options: options(warnings: again)).close()
        #expect(again.all.isEmpty, comment)
    }

    private static func key(_ number: Int) -> SessionKey {
        SessionKey(hex: Journal.id(number)) ?? SessionKey(high: 0, low: 0)
    }

    /// Lengths shorter than a frame header (12), just past it, longer than
    /// the fixed payload and longer than a record.
    @Test(arguments: [1, 2, 11, 12, 13, 29, 37, 41, 100, 1_000, 65_536])
    func randomBytesAfterTheLastRecordAreMovedAside(length: Int) throws {
        let journal = try Self.writeJournal().bytes(of: Self.segment)
        for seed in UInt64(1)...8 {
            try Self.expectMovedAside(
                Self.randomBytes(length, seed: seed &* 7_919 &+ UInt64(length)), after: journal, "seed \(seed), \(length) bytes")
        }
    }

    @Test func zerosAfterTheLastRecordAreMovedAside() throws {
        let journal = try Self.writeJournal().bytes(of: Self.segment)
        for length in [1, 12, 300, 8_192] {
            try Self.expectMovedAside([UInt8](repeating: 0, count: length), after: journal, "\(length) zero bytes")
        }
    }

    /// A record cut short, then garbage (a power loss after a crash), or
    /// the start of a record whose length is right and the rest zeros.
    @Test func aCutRecordFollowedByGarbageOrZerosIsMovedAside() throws {
        let journal = try Self.writeJournal().bytes(of: Self.segment)
        let next = SegmentFormat.frame(of: Journal.event(2, version: 3, bodySize: 200), key: Self.key(2))
        for cut in [1, 8, 12, 50, next.count - 1] {
            try Self.expectMovedAside(
                Array(next.prefix(cut)) + Self.randomBytes(23, seed: UInt64(cut)), after: journal, "cut at \(cut) + garbage")
            try Self.expectMovedAside(
                Array(next.prefix(cut)) + [UInt8](repeating: 0, count: next.count - cut), after: journal, "cut at \(cut) + zeros")
        }
    }

    /// Garbage, then a record whose checksums pass: the garbage is in the
    /// middle, not a tail. The open refuses at the garbage and changes nothing.
    @Test func aRecordAfterGarbageMakesItDamageInTheMiddle() throws {
        let journal = try Self.writeJournal().bytes(of: Self.segment)
        let record = SegmentFormat.frame(of: Journal.created(3), key: Self.key(3))
        for garbage in [Self.randomBytes(1, seed: 1), Self.randomBytes(37, seed: 2), [UInt8](repeating: 0, count: 40)] {
            let directory = TemporaryDirectory()
            let bytes = journal + garbage + record + Self.randomBytes(5, seed: 3)
            directory.write(bytes, to: Self.segment)
            Self.expectRefusedOpen(directory, at: journal.count)
            #expect(directory.bytes(of: Self.segment) == bytes)
            #expect(directory.segmentNames() == [Self.segment])
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("damaged") }.isEmpty)
        }
    }

    /// A crash after the tail was kept beside the segment but before the
    /// segment was truncated: the next open keeps it again, under a name
    /// of its own, and leaves the first file alone.
    @Test func aTailMovedAsideBeforeACrashIsKeptAgainUnderAnotherName() throws {
        let directory = try Self.writeJournal()
        let journal = directory.bytes(of: Self.segment)
        let tail = Self.randomBytes(37, seed: 42)
        directory.write(journal + tail, to: Self.segment)
        let first = "\(Self.segment).damaged-\(journal.count)"
        directory.write(tail, to: first)
        try FileStore(directory: directory.path, options: options()).close()
        #expect(directory.bytes(of: first) == tail)
        #expect(directory.bytes(of: first + "-2") == tail)
        #expect(directory.bytes(of: Self.segment) == journal)
    }

    /// Damage at the end of a sealed segment is not a tail: records were
    /// appended after it, in the next segment.
    @Test func garbageAtTheEndOfASealedSegmentRefusesTheOpen() throws {
        let directory = try Self.writeJournal()
        let journal = directory.bytes(of: Self.segment)
        directory.write(journal + Self.randomBytes(37, seed: 9), to: Self.segment)
        directory.write(SegmentFormat.header(coversFrom: 2), to: "journal-00000002.seg")
        Self.expectRefusedOpen(directory, at: journal.count)
    }

    /// Opening `directory` throws that the first segment is corrupt at `offset`.
    private static func expectRefusedOpen(
        _ directory: TemporaryDirectory, at offset: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: StoreError.self, sourceLocation: sourceLocation) {
            try FileStore(directory: directory.path, options: options())
        }
        guard case .corrupt(let file, let found, _) = error else {
            Issue.record("\(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(file == directory.file(segment), sourceLocation: sourceLocation)
        #expect(found == Int64(offset), sourceLocation: sourceLocation)
    }

    /// The search for a record after damage tries every offset: a tail of
    /// several MiB of garbage is still found to be a tail.
    @Test func aLargeGarbageTailIsATail() throws {
        let journal = try Self.writeJournal().bytes(of: Self.segment)
        try Self.expectMovedAside(Self.randomBytes(4 << 20, seed: 77), after: journal, "4 MiB of garbage")
    }

    /// What `list` and `print` read (no repair) leaves the tail out with a
    /// warning; `verify` calls it torn, with its size.
    @Test func readersWithoutTheLockReportTheTail() throws {
        let directory = try Self.writeJournal()
        let journal = directory.bytes(of: Self.segment)
        directory.write(journal + Self.randomBytes(37, seed: 5), to: Self.segment)
        let snapshot = try FileStoreSnapshot(directory: directory.path)
        #expect(snapshot.sessions().count == 2)
        #expect(snapshot.warnings.count == 1)
        #expect(snapshot.warnings.first?.contains("at offset \(journal.count): left out 37 bytes") == true, "\(snapshot.warnings)")
        let report = try FileStore.verify(directory: directory.path)
        #expect(
            report.problems == [
                .init(
                    file: directory.file(Self.segment), offset: Int64(journal.count), kind: .torn,
                    reason: report.problems.first?.reason ?? "",
                    size: 37)
            ])
        #expect(report.records == Self.records.count)
    }
}
