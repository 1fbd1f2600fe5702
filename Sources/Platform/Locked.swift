/// A value behind a pthread mutex. Copies share the value and the mutex.
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` is a
/// priority-inheritance futex that the kernel hands to the waiting thread,
/// which then runs without an atomic operation of its own, so
/// ThreadSanitizer cannot see the ordering and reports the guarded value as
/// racing. ThreadSanitizer intercepts `pthread_mutex_lock`.
///
/// The value and the mutex are one allocation (the mutex in the storage's
/// tail): every cached session has a lock, and a separate 40-byte mutex
/// cost each one 48 more bytes and an allocation.
///
/// Public and inlinable, not `package` (the compiler inlines across modules
/// only what is public), so that each module specializes it for its values: the
/// generic code, called across modules, looked up the storage class's
/// metadata for the value type on every `init` (~330 instructions, one per
/// created session) and went through two unspecialized frames and a
/// closure context on every `withLock` (~130 instructions a call, four to
/// six calls a request).
///
/// `@unchecked Sendable`: the value is only read or written inside
/// ``withLock(_:)``, with the mutex held.
public struct Locked<Value>: @unchecked Sendable {
    @usableFromInline let storage: Storage

    @inlinable
    public init(_ value: consuming sending Value) {
        storage = Storage.make(value)
    }

    /// Runs `body` with the mutex held. Not recursive: `body` must not call
    /// `withLock` on the same value or a copy of it.
    @inlinable
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try storage.withLock(body)
    }

    /// The value as the header, the mutex as the one element.
    @usableFromInline
    final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        @inlinable
        static func make(_ value: Value) -> Storage {
            let buffer = create(minimumCapacity: 1) { _ in value }
            buffer.withUnsafeMutablePointerToElements { mutex in
                mutex.initialize(to: pthread_mutex_t())
                _ = pthread_mutex_init(mutex, nil)
            }
            return unsafeDowncast(buffer, to: Storage.self)
        }

        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }

        @inlinable
        func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
            try withUnsafeMutablePointers { (value, mutex) throws(Failure) -> Result in
                pthread_mutex_lock(mutex)
                defer { pthread_mutex_unlock(mutex) }
                return try body(&value.pointee)
            }
        }
    }
}
