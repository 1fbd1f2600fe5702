import Sessions

/// A session id as segments store it (``SegmentFormat``): 16 bytes,
/// big-endian, in hex order (the first byte holds the first two digits);
/// ``SegmentFormat/frame(of:key:)`` writes them.
extension SessionKey {
    /// Reads the 16 bytes at `offset`.
    init(bytes: UnsafeRawBufferPointer, at offset: Int) {
        self.init(
            high: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
            low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
    }
}
