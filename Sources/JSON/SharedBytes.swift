#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes written once and then only read, in memory of their own, shared
/// by reference: a session keeps its rendered document as these, and every
/// response that answers with the document lends them to the HTTP layer
/// instead of copying them.
///
/// Made by ``JSONWriter/finishShared()``, which hands over the writer's
/// buffer, so the text is not copied into an exactly sized array; or from
/// any bytes (a copy). Nothing changes the bytes once made, so they may be
/// read from any thread, and their address holds for the object's life.
public final class SharedBytes: @unchecked Sendable {
    /// The first byte; nil only when there are none.
    public let baseAddress: UnsafePointer<UInt8>?
    public let count: Int
    /// The bytes its memory has room for: ``count``, and what the writer
    /// that made it left unused (``JSONWriter/finishShared()``).
    public let capacity: Int

    /// Takes `start` (from `malloc`, freed with the object), with room for
    /// `capacity` bytes and holding `count`.
    init(adopting start: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int) {
        baseAddress = UnsafePointer(start)
        self.count = count
        self.capacity = capacity
    }

    /// A copy of `bytes`.
    public convenience init(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else {
            self.init(empty: ())
            return
        }
        guard let start = malloc(bytes.count) else { fatalError("out of memory: \(bytes.count) shared bytes") }
        let target = start.bindMemory(to: UInt8.self, capacity: bytes.count)
        bytes.withUnsafeBufferPointer { target.initialize(from: $0.baseAddress!, count: bytes.count) }
        self.init(adopting: target, count: bytes.count, capacity: bytes.count)
    }

    private init(empty: ()) {
        baseAddress = nil
        count = 0
        capacity = 0
    }

    deinit {
        free(UnsafeMutableRawPointer(mutating: baseAddress))
    }

    /// The bytes, read in place for as long as `body` runs.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: baseAddress, count: count))
    }

    /// A copy of the bytes, as an array.
    public var array: [UInt8] {
        withUnsafeBytes { [UInt8]($0) }
    }
}
