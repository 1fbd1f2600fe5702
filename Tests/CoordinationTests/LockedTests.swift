import Foundation
import Platform
import TestSupport
import Testing

/// ``Locked``, the pthread mutex every layer locks with: the value it
/// guards, copies that share it, a throw that leaves it unlocked, threads
/// that never overlap inside it, and the value freed with the last copy.
@Suite("Locked", .timeLimit(.minutes(10)), .hangGuard)
struct LockedTests {
    struct Refused: Error, Equatable {}

    final class Tracked: Sendable {}

    @Test func theValueIsReadAndWrittenInsideTheLock() {
        let locked = Locked([1, 2])
        let count = locked.withLock { values in
            values.append(3)
            return values.count
        }
        #expect(count == 3)
        #expect(locked.withLock { $0 } == [1, 2, 3])
    }

    @Test func copiesShareTheValue() {
        let locked = Locked(0)
        let copy = locked
        copy.withLock { $0 = 7 }
        #expect(locked.withLock { $0 } == 7)
    }

    /// A throw from the body leaves the value as the body left it and the
    /// mutex unlocked: the next `withLock` runs (a held mutex would hang
    /// it, and the hang guard would end the run).
    @Test func aThrowUnlocks() {
        let locked = Locked(1)
        #expect(throws: Refused()) {
            try locked.withLock { (value: inout Int) throws(Refused) -> Void in
                value = 2
                throw Refused()
            }
        }
        #expect(locked.withLock { $0 } == 2)
    }

    /// Threads that increment in turns lose no increment, and never find
    /// another thread inside.
    @Test func threadsTakeTurns() throws {
        let state = Locked((count: 0, inside: false, overlaps: 0))
        let threads = 8
        let increments = 20_000
        let finished = DispatchGroup()
        for _ in 0..<threads {
            finished.enter()
            Thread.detachNewThread {
                for _ in 0..<increments {
                    state.withLock { state in
                        if state.inside { state.overlaps += 1 }
                        state.inside = true
                        state.count += 1
                        state.inside = false
                    }
                }
                finished.leave()
            }
        }
        try finished.wait(for: "\(threads) threads to increment \(increments) times each")
        let final = state.withLock { $0 }
        #expect(final.count == threads * increments)
        #expect(final.overlaps == 0)
    }

    @Test func theValueIsFreedWithTheLastCopy() {
        weak var watched: Tracked?
        do {
            let tracked = Tracked()
            watched = tracked
            let locked = Locked(tracked)
            let copy = locked
            _ = copy.withLock { $0 }
        }
        #expect(watched == nil)
    }
}
