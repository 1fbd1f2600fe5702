/// An object that owns bytes it never changes, at an address that holds
/// for its life: a response or a stream sends them without a copy, and the
/// server holds the object until they are sent. A session's rendered
/// document is sent so, as a response's body (``HTTPResponse/init(status:headers:lending:)``)
/// or a piece of a stream (``HTTPStream/Chunk``).
public protocol LendingBytes: AnyObject, Sendable {
    /// The bytes; the same on every read.
    var lentBytes: UnsafeRawBufferPointer { get }
}
