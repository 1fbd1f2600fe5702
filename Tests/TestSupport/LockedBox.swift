import Foundation

/// A value shared by test threads, behind an `NSLock`.
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` is handed over
/// by the kernel (a priority-inheritance futex) with no atomic operation in
/// the acquiring thread, so ThreadSanitizer (`make tsan`) cannot see the
/// ordering and reports the guarded value as racing. `NSLock` is a pthread
/// mutex, which ThreadSanitizer understands.
public final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
