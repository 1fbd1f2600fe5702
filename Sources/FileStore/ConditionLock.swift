import Platform

/// A pthread mutex with a condition variable, for the few places that must
/// release the lock while they wait (group commit, the background fsync
/// thread). Callers keep their state in their own properties and touch it
/// only between ``lock()`` and ``unlock()``.
///
/// pthreads rather than `Synchronization.Mutex` so that ThreadSanitizer sees
/// the ordering (see ``Locked``).
final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition.initialize(to: pthread_cond_t())
        // Timed waits measure a monotonic clock, immune to wall-clock jumps.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock until ``broadcast()`` (or a spurious wake-up), then
    /// takes it again. Call with the lock held, in a loop on the condition.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Like ``wait()``, but gives up after `seconds`.
    func wait(seconds: Double) {
        let deadline = SystemClock.monotonicNanoseconds() + Int(max(0, seconds) * 1_000_000_000)
        var time = timespec(tv_sec: deadline / 1_000_000_000, tv_nsec: deadline % 1_000_000_000)
        pthread_cond_timedwait(condition, mutex, &time)
    }

    /// Wakes every waiter. Call with the lock held.
    func broadcast() { pthread_cond_broadcast(condition) }
}
