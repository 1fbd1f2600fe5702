/// The size of a value's compact JSON text, counted without writing it.
///
/// The session budget (``SessionLimits/maxSessionBytes``) measures payloads,
/// params and contexts with these on every event, so they walk the value
/// instead of rendering it (no buffer, no string). They agree byte for byte
/// with ``JSONWriter``, escapes included, which a test checks.
extension JSONValue {
    /// The number of UTF-8 bytes ``encoded()`` would return.
    public var encodedByteCount: Int { encodedByteCount(sharing: .none) }

    /// ``encodedByteCount``, taking the size of any array or object of
    /// `shared` from its bytes: the length of what
    /// ``JSONWriter/write(_:sharing:)`` writes, without walking what it copies.
    public func encodedByteCount(sharing shared: SharedJSONValues) -> Int {
        switch self {
        case .null: return 4
        case .bool(let bool): return bool ? 4 : 5
        case .number(let number): return JSONWriter.encodedByteCount(ofNumber: number)
        case .string(let string): return JSONWriter.encodedByteCount(ofString: string)
        case .array(let elements):
            if let bytes = shared.encoded(self) { return bytes.count }
            // Brackets, plus a comma between elements; by index, as an object's members.
            var count = 2 + max(0, elements.count - 1)
            for index in elements.indices { count += elements[index].encodedByteCount(sharing: shared) }
            return count
        case .object(let object): return shared.encoded(self)?.count ?? object.encodedByteCount(sharing: shared)
        }
    }
}

extension JSONObject {
    /// The number of UTF-8 bytes this object takes as compact JSON.
    public var encodedByteCount: Int { encodedByteCount(sharing: .none) }

    /// ``encodedByteCount`` with the arrays and objects of `shared` sized by their bytes.
    public func encodedByteCount(sharing shared: SharedJSONValues) -> Int {
        // Braces, a comma between members, a colon in each.
        var count = 2 + Swift.max(0, self.count - 1) + self.count
        // By index: iterating copied each member (a retain and a release
        // of its key and value).
        for index in members.indices {
            count += JSONWriter.encodedByteCount(ofString: members[index].key) + members[index].value.encodedByteCount(sharing: shared)
        }
        return count
    }
}

extension JSONWriter {
    /// What ``writeString(_:)`` appends for `s`: quotes and escapes included.
    static func encodedByteCount(ofString s: String) -> Int {
        return withUTF8(of: s) { utf8 in
            var count = utf8.count + 2
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                index += 1
                guard mayNeedEscape(byte) else { continue }
                if byte == 0xE2 {
                    // U+2028 and U+2029 (E2 80 A8 / E2 80 A9) become `\u2028`: 6 bytes for 3.
                    if index + 1 < utf8.count, utf8[index] == 0x80, utf8[index + 1] == 0xA8 || utf8[index + 1] == 0xA9 {
                        count += 3
                        index += 2
                    }
                } else {
                    count += escapedLength(of: byte) - 1
                }
            }
            return count
        }
    }

    /// What ``writeNumber(_:)`` appends for `d`.
    static func encodedByteCount(ofNumber d: Double) -> Int {
        guard d.isFinite else { return 4 }
        if d.magnitude < 9_007_199_254_740_992, d.rounded(.towardZero) == d {
            var magnitude = UInt64(d.magnitude)
            var digits = 1
            while magnitude >= 10 {
                magnitude /= 10
                digits += 1
            }
            return digits + (d < 0 ? 1 : 0)
        }
        if let decimal = shortDecimal(of: d.magnitude) {
            return encodedByteCount(ofDecimal: decimal, negative: d < 0)
        }
        // The shortest round-trip form, as the writer prints it. Most fit in
        // Swift's 15-byte inline string; longer ones (`1.2345678901234567e-300`)
        // cost one short-lived allocation.
        let text = d.description
        let count = text.utf8.count
        return count > 2 && text.hasSuffix(".0") ? count - 2 : count
    }

    /// The length of the escape for a byte ``mayNeedEscape(_:)`` flags (not 0xE2).
    private static func escapedLength(of byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09, 0x08, 0x0C: 2
        default: 6
        }
    }
}
