/// Appends compact JSON text (no spaces) to a UTF-8 byte buffer.
///
/// Use ``write(_:)`` for a whole ``JSONValue``, or the typed `write…` methods
/// and `writeRaw` to render a known shape without building
/// a value first. The writer does not check structure: commas, colons and
/// brackets written raw are the caller's responsibility.
public struct JSONWriter: Sendable {
    /// The UTF-8 text written so far.
    public var bytes: [UInt8]

    /// A writer whose buffer has room for `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
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
        var s = s
        s.withUTF8 { appendEscaped($0) }
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
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<(utf8.count - 2)]))
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
    }

    /// Writes an integer exactly, without going through `Double`.
    public mutating func writeInt(_ i: Int) {
        writeDigits(of: UInt64(i.magnitude), negative: i < 0)
    }

    mutating func writeDigits(of magnitude: UInt64, negative: Bool) {
        // Written backwards into a buffer on the stack, then appended once:
        // reversing `bytes[start...]` in place copied the array's storage.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { buffer in
            var magnitude = magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
                magnitude /= 10
            } while magnitude != 0
            if negative {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
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
    public mutating func writeRaw(_ ascii: StaticString) {
        ascii.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends pre-encoded UTF-8 bytes unchanged; they must already be valid JSON syntax.
    public mutating func writeRaw(_ bytes: [UInt8]) {
        self.bytes.append(contentsOf: bytes)
    }

    /// Appends again the bytes at `range` of what was written: a value that
    /// appears twice in a document.
    public mutating func writeCopy(of range: Range<Int>) {
        // Copied out first: appending a slice of `bytes` to itself would
        // copy the whole buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { copy in
            _ = copy.initialize(fromContentsOf: bytes[range])
            bytes.append(contentsOf: copy)
        }
    }

    // MARK: - Escaping

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < utf8.count, !Self.mayNeedEscape(utf8[index]) { index += 1 }
        // Nothing to escape, the common case: no capacity reserved first
        // (one uniqueness check fewer); the loop below starts where this stopped.
        if index == utf8.count {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        bytes.reserveCapacity(bytes.count + utf8.count + 2)
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        while index < utf8.count {
            let byte = utf8[index]
            guard Self.mayNeedEscape(byte) else {
                index += 1
                continue
            }
            // U+2028 and U+2029 are E2 80 A8 / E2 80 A9; other E2 sequences pass through.
            if byte == 0xE2 {
                guard index + 2 < utf8.count, utf8[index + 1] == 0x80,
                    utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9
                else {
                    index += 1
                    continue
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            if byte == 0xE2 {
                appendUnicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                index += 3
            } else {
                appendEscape(for: byte)
                index += 1
            }
            runStart = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// True for bytes that are escaped, and for 0xE2, which may start U+2028/U+2029.
    /// Shared with ``encodedByteCount(ofString:)``, which must agree byte for byte.
    @inline(__always)
    static func mayNeedEscape(_ byte: UInt8) -> Bool {
        if byte < 0x40 { return lowEscapeMask >> byte & 1 != 0 }
        return byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    /// Bit n set when byte n (< 0x40) is escaped: controls, `"`, `&`, `<`, `>`.
    private static let lowEscapeMask: UInt64 =
        0xFFFF_FFFF | 1 << 0x22 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E

    private mutating func appendEscape(for byte: UInt8) {
        let short: UInt8
        switch byte {
        case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        default: return appendUnicodeEscape(UInt16(byte))
        }
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(short)
    }

    /// Appends `\uXXXX` with lowercase hex digits.
    private mutating func appendUnicodeEscape(_ unit: UInt16) {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(Self.hexDigit(UInt8(truncatingIfNeeded: unit >> UInt16(shift)) & 0x0F))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
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
