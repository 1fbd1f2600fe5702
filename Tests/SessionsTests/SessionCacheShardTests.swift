import TestSupport
import Testing

@testable import Sessions

/// A shard of the registry's session cache: lookups, removal, and eviction
/// of the least recently used of a random sample.
@Suite("Session cache shard", .timeLimit(.minutes(10)), .hangGuard)
struct SessionCacheShardTests {
    private static func box(usedAt time: Int64) -> SessionBox {
        SessionBox(.gone, id: "", owner: nil, now: time)
    }

    private static func id(_ number: Int) -> SessionKey {
        SessionKey(high: 0, low: UInt64(number))
    }

    /// Keys no numbered one has.
    private static let newKey = SessionKey(high: 1, low: 0)
    private static let newerKey = SessionKey(high: 2, low: 0)

    @Test func findsInsertsOnceAndRemovesOnlyTheBoxNamed() {
        var shard = SessionCacheShard(seed: 1)
        let first = Self.box(usedAt: 1)
        for number in 0..<20 { _ = shard.insert(number == 5 ? first : Self.box(usedAt: 1), for: Self.id(number), capacity: 100) }
        #expect(shard.count == 20)
        // The id already has a box: that one stays and is returned.
        #expect(shard.insert(Self.box(usedAt: 2), for: Self.id(5), capacity: 100) === first)
        #expect(shard.remove(Self.id(5), ifItIs: Self.box(usedAt: 1)) == nil)
        #expect(shard.remove(Self.id(5), ifItIs: first) === first)
        #expect(shard.box(for: Self.id(5)) == nil)
        // Removal moved the last entry into the hole: every other id still finds its box.
        for number in [0, 3, 4] { #expect(shard.remove(Self.id(number), ifItIs: nil) != nil) }
        for number in 0..<20 where ![0, 3, 4, 5].contains(number) { #expect(shard.box(for: Self.id(number)) != nil, "\(number)") }
        #expect(shard.count == 16)
        #expect(shard.boxes.count == 16)
    }

    /// No larger than the sample, a shard evicts exactly its oldest box.
    @Test func aSmallShardEvictsItsLeastRecentlyUsedBox() {
        var shard = SessionCacheShard(seed: 7)
        let times: [Int64] = [50, 20, 90, 10, 70, 30, 60, 40]
        for (number, time) in times.enumerated() { _ = shard.insert(Self.box(usedAt: time), for: Self.id(number), capacity: 8) }
        _ = shard.insert(Self.box(usedAt: 100), for: Self.newKey, capacity: 8)
        #expect(shard.count == 8)
        #expect(shard.box(for: Self.id(3)) == nil)
        _ = shard.insert(Self.box(usedAt: 101), for: Self.newerKey, capacity: 8)
        #expect(shard.box(for: Self.id(1)) == nil)
        #expect(shard.box(for: Self.newKey) != nil)
        // A key the full shard holds keeps its box, and nothing is evicted.
        let held = shard.box(for: Self.newKey)
        #expect(shard.insert(Self.box(usedAt: 102), for: Self.newKey, capacity: 8) === held)
        #expect(shard.count == 8)
        for number in [0, 2, 4, 5, 6, 7] { #expect(shard.box(for: Self.id(number)) != nil, "\(number)") }
    }

    /// A full shard of 1,000 evicts from among the least recently used:
    /// 500 insertions (each used later than all before) evict 500 boxes,
    /// mostly of the older half and never one of the newest 100.
    @Test func aLargeShardEvictsFromTheOldest() {
        var shard = SessionCacheShard(seed: 42)
        for number in 0..<1000 { _ = shard.insert(Self.box(usedAt: Int64(number)), for: Self.id(number), capacity: 1000) }
        for number in 1000..<1500 { _ = shard.insert(Self.box(usedAt: Int64(number)), for: Self.id(number), capacity: 1000) }
        #expect(shard.count == 1000)
        let evicted = (0..<1500).filter { shard.box(for: Self.id($0)) == nil }
        #expect(evicted.count == 500)
        #expect(evicted.filter { $0 < 500 }.count > 400)
        #expect(evicted.allSatisfy { $0 < 1400 })
    }
}
