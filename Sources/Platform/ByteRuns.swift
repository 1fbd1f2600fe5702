/// Byte-for-byte equality of two short runs of bytes: header names,
/// common request words, a path's literal segments, a media type.
///
/// A loop the compiler inlines: the generic `elementsEqual` went through
/// the sequence iterators (~130 instructions for a few bytes when not
/// inlined), and `memcmp` is a call that costs more than the bytes.
public enum ByteRuns {
    @inlinable @inline(__always)
    public static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count where lhs[index] != rhs[index] { return false }
        return true
    }
}
