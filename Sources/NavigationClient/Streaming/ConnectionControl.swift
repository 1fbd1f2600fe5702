import Foundation

/// The open stream of a ``SessionUpdates``, so that ``SessionUpdates/reconnect()`` can close it
/// from any thread. A small lock-guarded box: `@unchecked Sendable` because every access takes the lock.
final class ConnectionControl: @unchecked Sendable {
    private let lock = NSLock()
    private var connection: StreamConnection?
    private var skipsDelay = false

    func opened(_ connection: StreamConnection?) {
        lock.withLock {
            self.connection = connection
            if connection != nil { skipsDelay = false }
        }
    }

    /// Closes the open stream, and says that the next one should open without waiting.
    func reconnect() {
        let open = lock.withLock {
            if connection != nil { skipsDelay = true }
            return connection
        }
        open?.close()
    }

    func close() {
        lock.withLock { connection }?.close()
    }

    /// Whether the last drop was asked for by ``reconnect()``; reading clears it.
    func takeSkipsDelay() -> Bool {
        lock.withLock {
            defer { skipsDelay = false }
            return skipsDelay
        }
    }
}
