import Platform

/// `recv(2)` into `buffer`, called again while a signal interrupts it (a
/// child's SIGCHLD, ThreadSanitizer's own): what the last call returned,
/// with `errno` as it left it. Every test client reads its socket through
/// this, so none takes an interrupted wait for a closed connection.
public func recvRetryingInterrupts(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, flags: Int32 = 0) -> Int {
    var received: Int
    repeat {
        received = recv(descriptor, buffer.baseAddress, buffer.count, flags)
    } while received < 0 && errno == EINTR
    return received
}
