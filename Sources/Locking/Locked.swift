#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value behind a pthread mutex.
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` is a
/// priority-inheritance futex that the kernel hands to the waiting thread,
/// which then runs without an atomic operation of its own, so
/// ThreadSanitizer cannot see the ordering and reports the guarded value as
/// racing. ThreadSanitizer intercepts `pthread_mutex_lock`.
///
/// `@unchecked Sendable`: `value` is only read or written inside
/// ``withLock(_:)``, with the mutex held.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: consuming sending Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the mutex held. Not recursive: `body` must not call
    /// `withLock` on the same instance.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
