#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends compact JSON text (no spaces) to a UTF-8 byte buffer of its own.
///
/// Use ``write(_:)`` for a whole ``JSONValue``, or the typed `write…` methods
/// and `writeRaw` to render a known shape without building
/// a value first. The writer does not check structure: commas, colons and
/// brackets written raw are the caller's responsibility. ``bytes`` is the
/// text written so far, as an array of its exact size.
///
/// The writer owns its buffer, so it cannot be copied: appending to a
/// `[UInt8]` checked the array's uniqueness and capacity through generic
/// code on every piece (~130 instructions for a member key's name), where
/// this buffer takes one comparison and a copy. Being its buffer's only
/// owner, it may be sent to another thread.
public struct JSONWriter: ~Copyable, @unchecked Sendable {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written: Int

    /// The number of bytes written so far.
    @inlinable
    public var count: Int { written }

    /// A writer whose buffer has room for `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 16)
        start = Self.allocate(self.capacity)
        written = 0
    }

    deinit {
        free(start)
    }

    /// The text written so far: a new array, exactly sized.
    public var bytes: [UInt8] {
        [UInt8](UnsafeBufferPointer(start: start, count: count))
    }

    /// The text written, handed over with the writer's buffer: not copied
    /// into an exactly sized array as ``bytes`` is. Room the text does not
    /// use is given back (the buffer shrunk, which may copy it) when it is
    /// more than 512 bytes and more than a quarter of the text, so that
    /// text kept long keeps little beside it: start the writer with room
    /// for about what it will write.
    public consuming func finishShared() -> SharedBytes {
        var buffer = start
        var room = capacity
        let length = written
        if room &- length > Swift.max(512, length / 4), let shrunk = realloc(start, Swift.max(length, 1)) {
            buffer = shrunk.bindMemory(to: UInt8.self, capacity: length)
            room = Swift.max(length, 1)
        }
        discard self
        return SharedBytes(adopting: buffer, count: length, capacity: room)
    }

    /// Calls `body` with the text written so far, without copying it.
    public func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: start, count: written))
    }

    /// Forgets what was written, keeping the buffer.
    public mutating func removeAll() {
        written = 0
    }

    /// The last byte written, if any.
    @inlinable
    public var lastByte: UInt8? {
        written > 0 ? start[written &- 1] : nil
    }

    // MARK: - The buffer

    /// Where the next `length` bytes go; the caller writes them and adds `length` to `count`.
    @inlinable @inline(__always)
    mutating func room(for length: Int) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(capacity &- written < length) { grow(toFit: length) }
        return start + written
    }

    /// Moves the text to a buffer twice as large, or large enough for `length` more bytes.
    @usableFromInline @inline(never)
    mutating func grow(toFit length: Int) {
        let newCapacity = Swift.max(2 * capacity, count + length)
        guard let moved = realloc(start, newCapacity) else { fatalError("out of memory: a JSON buffer of \(newCapacity) bytes") }
        start = moved.bindMemory(to: UInt8.self, capacity: newCapacity)
        capacity = newCapacity
    }

    /// A buffer from the C library's `malloc`, which `free` and `realloc`
    /// take back. `UnsafeMutablePointer.allocate` asks the Swift runtime
    /// for an aligned allocation even for bytes, which on Linux is
    /// `posix_memalign`: ~120 instructions more per buffer than `malloc`.
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let buffer = malloc(capacity) else { fatalError("out of memory: a JSON buffer of \(capacity) bytes") }
        return buffer.bindMemory(to: UInt8.self, capacity: capacity)
    }

    @inlinable @inline(__always)
    mutating func append(_ byte: UInt8) {
        room(for: 1).pointee = byte
        written &+= 1
    }

    @inlinable @inline(__always)
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        let length = piece.count
        guard let source = piece.baseAddress, length > 0 else { return }
        room(for: length).initialize(from: source, count: length)
        written &+= length
    }

    /// Records `length` bytes the caller wrote at ``room(for:)``.
    @inlinable @inline(__always)
    mutating func didWrite(_ length: Int) {
        written &+= length
    }

    /// Writes `value` and everything inside it; objects keep member order.
    public mutating func write(_ value: JSONValue) {
        write(value, sharing: .none)
    }

    /// Writes `s` quoted and escaped, safe to embed in HTML.
    ///
    /// Escapes `"` `\` and control characters (short forms where JSON has
    /// them, else `\u00XX`), plus `<` `>` `&` U+2028 and U+2029 as `\uXXXX`.
    /// Other non-ASCII text is written as raw UTF-8.
    public mutating func writeString(_ s: String) {
        Self.withUTF8(of: s) { appendEscaped($0) }
    }

    /// Writes `s` escaped as ``writeString(_:)`` does, without its quotes:
    /// one piece of a longer string.
    public mutating func writeStringContents(_ s: String) {
        Self.withUTF8(of: s) { appendEscaped($0, quoted: false) }
    }

    /// Calls `body` with `s`'s UTF-8, read in place: `withUTF8` needs a
    /// mutable copy (a retain and a release per string). Every native
    /// string is contiguous; a bridged one is copied.
    @inline(__always)
    static func withUTF8<Result>(of s: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = s.utf8.withContiguousStorageIfAvailable(body) { return result }
        var s = s
        return s.withUTF8(body)
    }

    /// Writes a number: integral values below 2^53 in magnitude as integers
    /// (`-0` as `0`), others in Swift's shortest round-trip form (`1.5e-07`),
    /// and non-finite values as `null` because JSON has no spelling for them.
    public mutating func writeNumber(_ d: Double) {
        guard d.isFinite else { return writeNull() }
        if d.magnitude < 9_007_199_254_740_992, d.rounded(.towardZero) == d {
            // Exact in 64 bits on every platform, unlike `Int` on 32-bit ones.
            return writeDigits(of: UInt64(d.magnitude), negative: d < 0)
        }
        if let decimal = Self.shortDecimal(of: d.magnitude) {
            return writeDecimal(decimal, negative: d < 0)
        }
        var text = d.description
        text.withUTF8 { utf8 in
            // Large integral values print as "9007199254740992.0"; JSON does not need ".0".
            if utf8.count > 2, utf8[utf8.count - 2] == UInt8(ascii: "."), utf8[utf8.count - 1] == UInt8(ascii: "0") {
                append(UnsafeBufferPointer(rebasing: utf8[..<(utf8.count - 2)]))
            } else {
                append(utf8)
            }
        }
    }

    /// Writes an integer exactly, without going through `Double`.
    public mutating func writeInt(_ i: Int) {
        writeDigits(of: UInt64(i.magnitude), negative: i < 0)
    }

    /// Writes `value`'s decimal digits as a JSON string (`"18446744073709551615"`):
    /// an integer a JSON number could not carry exactly past 2^53.
    public mutating func writeDigitString(_ value: UInt64) {
        writeRaw(byte: UInt8(ascii: "\""))
        writeDigits(of: value, negative: false)
        writeRaw(byte: UInt8(ascii: "\""))
    }

    mutating func writeDigits(of magnitude: UInt64, negative: Bool) {
        let sign = negative ? 1 : 0
        let length = sign + DecimalDigits.count(of: magnitude)
        let target = room(for: length)
        if negative { target[0] = UInt8(ascii: "-") }
        DecimalDigits.write(magnitude, to: target + sign)
        didWrite(length)
    }

    /// Writes `true` or `false`.
    public mutating func writeBool(_ b: Bool) {
        writeRaw(b ? "true" : "false")
    }

    /// Writes `null`.
    public mutating func writeNull() {
        writeRaw("null")
    }

    /// Appends pre-encoded text unchanged, e.g. `"{\"id\":"`; it must already be valid JSON syntax.
    /// Inlined: the text's length is then a constant, and its copy a few moves instead of a call.
    @inlinable @inline(__always)
    public mutating func writeRaw(_ ascii: StaticString) {
        ascii.withUTF8Buffer { append($0) }
    }

    /// Appends one byte unchanged, e.g. a digit of a longer string.
    public mutating func writeRaw(byte: UInt8) {
        append(byte)
    }

    /// Appends the first `count` (at most 8) bytes of `word` as they lie in
    /// memory (eight digits spelled in one word), unchanged; they must be
    /// valid JSON text where they go. One store, where a copy of a few
    /// bytes is a call.
    @inlinable @inline(__always)
    public mutating func writeRaw(word: UInt64, count: Int) {
        precondition(count <= 8, "a word holds 8 bytes")
        UnsafeMutableRawPointer(room(for: 8)).storeBytes(of: word, as: UInt64.self)
        didWrite(count)
    }

    /// Appends pre-encoded UTF-8 bytes unchanged; they must already be valid JSON syntax.
    public mutating func writeRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends pre-encoded UTF-8 bytes unchanged, e.g. part of an earlier
    /// document; they must already be valid JSON syntax.
    public mutating func writeRaw(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends `range` of `bytes` unchanged, e.g. part of an earlier
    /// document; they must already be valid JSON syntax.
    @inlinable
    public mutating func writeRaw(_ bytes: SharedBytes, in range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a range outside the bytes")
        guard let base = bytes.baseAddress else { return }
        withExtendedLifetime(bytes) { append(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)) }
    }

    /// Appends pre-encoded UTF-8 bytes unchanged; they must already be valid JSON syntax.
    public mutating func writeRaw(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes)
    }

    /// Appends again the bytes at `range` of what was written: a value that
    /// appears twice in a document.
    public mutating func writeCopy(of range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "copied range \(range) is not in 0..<\(count)")
        // Room first: growing moves the buffer the bytes are copied from.
        let target = room(for: range.count)
        target.initialize(from: start + range.lowerBound, count: range.count)
        didWrite(range.count)
    }
}

extension JSONValue {
    /// Compact UTF-8 JSON text for this value.
    public func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }

    /// Compact JSON text for this value, as a `String`.
    public var jsonString: String {
        String(decoding: encoded(), as: UTF8.self)
    }
}
