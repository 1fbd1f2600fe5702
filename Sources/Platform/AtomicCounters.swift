import Synchronization

/// A fixed number of `Int` counters that many threads add to at once without
/// a lock: each slot is its own `Atomic`.
///
/// `@unchecked Sendable`: the storage is allocated once in `init`, never
/// resized or replaced, and every slot is read and written only through its
/// `Atomic`, so sharing it between threads is safe.
public final class AtomicCounters: @unchecked Sendable {
    public let count: Int
    private let slots: UnsafeMutablePointer<Atomic<Int>>

    public init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        for index in 0..<count {
            (slots + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// Adds `amount` to the slot at `index`; relaxed, as counters need no ordering.
    public func add(_ amount: Int, at index: Int) {
        slots[index].add(amount, ordering: .relaxed)
    }

    public func value(at index: Int) -> Int {
        slots[index].load(ordering: .relaxed)
    }
}
