import Sessions
import TestSupport
import Testing

@testable import FileStore

/// The file store's index of sessions, split into shards.
@Suite("Store index entries", .timeLimit(.minutes(10)), .hangGuard)
struct StoreIndexEntriesTests {
    private static func entry(activity: Int64) -> StoreIndexEntry {
        StoreIndexEntry(
            lastActivity: activity, ended: false, bytes: 10,
            locations: [RecordLocation(segment: 1, size: 10, offset: activity)])
    }

    /// Keys that differ only in the bits that pick a shard, and keys that
    /// share a shard: all kept apart, counted and listed once.
    private static let keys: [SessionKey] =
        (0..<200).map { SessionKey(high: 0, low: UInt64($0)) }
        + (0..<200).map { SessionKey(high: UInt64($0) << 6, low: 0) }.dropFirst()

    @Test func keepsListsAndCountsEverySessionOnce() {
        var entries = StoreIndexEntries()
        for (position, key) in Self.keys.enumerated() { entries[key] = Self.entry(activity: Int64(position)) }
        #expect(entries.count == Self.keys.count)
        for (position, key) in Self.keys.enumerated() { #expect(entries[key]?.lastActivity == Int64(position)) }
        let listed = entries.map(\.key)
        #expect(listed.count == Self.keys.count)
        #expect(Set(listed) == Set(Self.keys))
    }

    @Test func removesAndUpdatesOnlyTheKeyNamed() {
        var entries = StoreIndexEntries()
        for key in Self.keys { entries[key] = Self.entry(activity: 1) }
        let changed = Self.keys[70]
        let removed = Self.keys[7]
        entries[removed] = nil
        let versions = entries.update(changed) { entry -> Int in
            entry.locations.append(RecordLocation(segment: 2, size: 5, offset: 0))
            return entry.lastVersion
        }
        #expect(versions == 2)
        #expect(entries.update(removed) { _ in 0 } == nil)
        #expect(entries[removed] == nil)
        #expect(entries.count == Self.keys.count - 1)
        #expect(entries[changed]?.lastVersion == 2)
        #expect(entries.filter { $0.value.lastVersion == 2 }.map(\.key) == [changed])
    }

    @Test func theShardsTogetherSummarizeWhatTheFilterPicks() {
        var entries = StoreIndexEntries()
        for (position, key) in Self.keys.enumerated() {
            var entry = Self.entry(activity: Int64(position))
            entry.ended = position % 7 == 0
            entries[key] = entry
        }
        let picked = (0..<StoreIndexEntries.shardCount).flatMap { shard in
            entries.summaries(inShard: shard) { lastActivity, ended in ended || lastActivity < 50 }
        }
        let expected = Self.keys.enumerated().filter { $0.offset % 7 == 0 || $0.offset < 50 }
        #expect(picked.count == expected.count)
        #expect(Set(picked.map(\.id)) == Set(expected.map(\.element.hex)))
        #expect(picked.allSatisfy { $0.lastVersion == 1 && $0.bytes == 10 })
        let all = (0..<StoreIndexEntries.shardCount).map { entries.summaries(inShard: $0) { _, _ in true }.count }
        #expect(all.reduce(0, +) == Self.keys.count)
        #expect(all.filter { $0 > 0 }.count > 1)
    }
}
