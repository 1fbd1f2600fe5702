import Coordination
import HTTPCore

/// A session's rendered document is sent as it is kept: lent to each
/// response and stream that sends it, not copied.
extension SharedBytes: LendingBytes {
    public var lentBytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: baseAddress, count: count)
    }
}
