/// Percent-decoding of the parts of a request target (RFC 3986), in the two
/// flavours a server needs: strict for path segments, lenient for forms.
public enum PercentDecoding {
    /// One path segment, decoded. `+` stays `+`. A `%` not followed by two hex
    /// digits, or bytes that are not valid UTF-8 after decoding (an overlong
    /// `%C0%AF` for `/`, a lone continuation byte), give `nil`: a path that
    /// cannot be decoded names no resource.
    public static func decodePathSegment(_ encoded: UnsafeBufferPointer<UInt8>) -> String? {
        // Fast path: plain ASCII (every path of this API) is valid UTF-8 as
        // it is. `String(validating:)` runs a generic validator that looked up
        // type metadata on every call: ~950 instructions per segment.
        if !encoded.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") }) {
            return String(decoding: encoded, as: UTF8.self)
        }
        return decode(encoded, plusIsSpace: false, strict: true)
    }

    /// One `application/x-www-form-urlencoded` name or value: `+` is a space,
    /// a malformed `%` escape is kept literally, so this never fails.
    public static func decodeFormComponent(_ encoded: Substring.UTF8View) -> String {
        decode(encoded, plusIsSpace: true, strict: false) ?? String(decoding: encoded, as: UTF8.self)
    }

    /// Generic, but only called here with concrete collections, so the
    /// compiler specializes it (a generic walk over bytes showed up in the
    /// profile of every request).
    private static func decode<Bytes: Collection<UInt8>>(_ encoded: Bytes, plusIsSpace: Bool, strict: Bool) -> String? {
        // Fast path: nothing to decode, so no intermediate buffer.
        if !encoded.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) {
            return strict ? String(validating: encoded, as: UTF8.self) : String(decoding: encoded, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            if plusIsSpace && byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                if let decoded = hexPair(in: encoded, after: index) {
                    bytes.append(decoded)
                    index = encoded.index(index, offsetBy: 2)
                } else if strict {
                    return nil
                } else {
                    bytes.append(byte)
                }
            } else {
                bytes.append(byte)
            }
            index = encoded.index(after: index)
        }
        // Swift's UTF-8 validation refuses overlong forms and surrogates.
        if strict { return String(validating: bytes, as: UTF8.self) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The byte spelled by the two hex digits after `percent`, if both exist.
    private static func hexPair<Bytes: Collection<UInt8>>(in encoded: Bytes, after percent: Bytes.Index) -> UInt8? {
        let first = encoded.index(after: percent)
        guard first < encoded.endIndex else { return nil }
        let second = encoded.index(after: first)
        guard second < encoded.endIndex,
            let high = hexValue(encoded[first]),
            let low = hexValue(encoded[second])
        else { return nil }
        return high << 4 | low
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
