// Strings: the fast path slices unescaped text straight from the input; text
// with escapes is decoded into a reused scratch buffer. UTF-8 is validated
// byte by byte so an error can point at the offending sequence.

extension JSONParser {
    /// Parses a string starting at the opening quote and leaves `position` after the closing one.
    mutating func parseString() throws(JSONParseError) -> String {
        position += 1
        let start = position
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                let text = Self.string(fromValidated: UnsafeBufferPointer(rebasing: input[start..<position]))
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start) }
            try advanceOverStringByte(byte)
        }
        throw error(.unexpectedEnd, at: position, hint: "unterminated string")
    }

    /// Continues a string at its first backslash; `start` is where its contents began.
    private mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<position]))
                position += 1
                return scratch.withUnsafeBufferPointer { Self.string(fromValidated: $0) }
            }
            if byte == UInt8(ascii: "\\") {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<position]))
                try decodeEscape()
                runStart = position
                continue
            }
            try advanceOverStringByte(byte)
        }
        throw error(.unexpectedEnd, at: position, hint: "unterminated string")
    }

    /// A string of `utf8`, which the scan already found valid. Written in
    /// place: `String(decoding:as:)` costs ~45 instructions more a string.
    static func string(fromValidated utf8: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: utf8.count) { target in
            _ = target.initialize(fromContentsOf: utf8)
            return utf8.count
        }
    }

    /// Steps over one unescaped character: an ASCII byte or a whole UTF-8 sequence.
    @inline(__always)
    private mutating func advanceOverStringByte(_ byte: UInt8) throws(JSONParseError) {
        if byte >= 0x80 {
            try advanceOverUTF8Sequence(lead: byte)
        } else if byte < 0x20 {
            throw error(.controlCharacterInString, at: position)
        } else {
            position += 1
        }
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no
    /// surrogates, nothing above U+10FFFF) and steps over it.
    private mutating func advanceOverUTF8Sequence(lead: UInt8) throws(JSONParseError) {
        let continuationCount: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0:
            continuationCount = 2
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
        case 0xED:
            continuationCount = 2
            secondRange = 0x80...0x9F
        case 0xF0:
            continuationCount = 3
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4:
            continuationCount = 3
            secondRange = 0x80...0x8F
        default: throw error(.invalidUTF8, at: position)
        }
        for index in 1...continuationCount {
            guard position + index < input.count else {
                throw error(.unexpectedEnd, at: input.count, hint: "unterminated string")
            }
            let allowed: ClosedRange<UInt8> = index == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(input[position + index]) else { throw error(.invalidUTF8, at: position) }
        }
        position += continuationCount + 1
    }

    // MARK: - Escapes

    /// Decodes the escape at `position` (a backslash) into `scratch` and steps over it.
    private mutating func decodeEscape() throws(JSONParseError) {
        let start = position
        guard position + 1 < input.count else { throw error(.unexpectedEnd, at: input.count, hint: "unterminated escape") }
        let decoded: UInt8
        switch input[position + 1] {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            position += 2
            try decodeUnicodeEscape(escapeStart: start)
            return
        default:
            throw error(.invalidEscape, at: start, hint: "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
        scratch.append(decoded)
        position += 2
    }

    /// Decodes the hex of `\uXXXX` at `position`, pairing surrogates, and appends the scalar as UTF-8.
    private mutating func decodeUnicodeEscape(escapeStart: Int) throws(JSONParseError) {
        let first = try readHex4(escapeStart: escapeStart)
        var scalarValue = UInt32(first)
        switch first {
        case 0xD800...0xDBFF:
            let pairHint = "a high surrogate escape must be followed by a low surrogate escape \\uDC00-\\uDFFF"
            for (index, expected) in [UInt8(ascii: "\\"), UInt8(ascii: "u")].enumerated() {
                guard position + index < input.count else { throw error(.unexpectedEnd, at: input.count, hint: pairHint) }
                guard input[position + index] == expected else { throw error(.invalidEscape, at: escapeStart, hint: pairHint) }
            }
            position += 2
            let second = try readHex4(escapeStart: position - 2)
            guard (0xDC00...0xDFFF).contains(second) else { throw error(.invalidEscape, at: escapeStart, hint: pairHint) }
            scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw error(.invalidEscape, at: escapeStart, hint: "a low surrogate escape without a preceding high surrogate")
        default:
            break
        }
        appendUTF8(scalarValue)
    }

    /// Appends a scalar value (never a surrogate, at most U+10FFFF) to `scratch` as UTF-8.
    private mutating func appendUTF8(_ value: UInt32) {
        switch value {
        case ..<0x80:
            scratch.append(UInt8(truncatingIfNeeded: value))
        case ..<0x800:
            scratch.append(UInt8(truncatingIfNeeded: 0xC0 | value >> 6))
            scratch.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
        case ..<0x10000:
            scratch.append(UInt8(truncatingIfNeeded: 0xE0 | value >> 12))
            scratch.append(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
        default:
            scratch.append(UInt8(truncatingIfNeeded: 0xF0 | value >> 18))
            scratch.append(UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F))
            scratch.append(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
        }
    }

    /// Reads exactly four hex digits at `position` and steps over them.
    private mutating func readHex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        guard position + 4 <= input.count else {
            throw error(.unexpectedEnd, at: input.count, hint: "\\u needs four hex digits")
        }
        var value: UInt16 = 0
        for index in 0..<4 {
            let byte = input[position + index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidEscape, at: escapeStart, hint: "\\u needs four hex digits")
            }
            value = value << 4 | UInt16(digit)
        }
        position += 4
        return value
    }
}
