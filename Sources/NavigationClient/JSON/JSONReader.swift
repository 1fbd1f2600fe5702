/// Parses JSON text (RFC 8259) into a ``JSONValue``, keeping the order of object members.
///
/// Foundation's decoders forget member order, and a generic client shows
/// form fields and params in the order the flow wrote them. Nesting deeper
/// than ``maximumDepth`` is refused, so a hostile document cannot exhaust the
/// stack.
struct JSONReader {
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Parses a whole document; anything but whitespace after the value is an error.
    static func parse<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: Array(bytes))
        reader.skipWhitespace()
        let value = try reader.readValue()
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.error("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek() else { throw error("unexpected end of text") }
        switch byte {
        case UInt8(ascii: "{"): return try nested { (reader) throws(JSONSyntaxError) in try reader.readObject() }
        case UInt8(ascii: "["): return try nested { (reader) throws(JSONSyntaxError) in try reader.readArray() }
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        default: return .number(try readNumber())
        }
    }

    private mutating func nested(
        _ read: (inout JSONReader) throws(JSONSyntaxError) -> JSONValue
    ) throws(JSONSyntaxError) -> JSONValue {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
        defer { depth -= 1 }
        return try read(&self)
    }

    private mutating func readObject() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(object) }
        repeat {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try readString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after a member name") }
            skipWhitespace()
            object[key] = try readValue()
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw error("expected ',' or '}' in an object") }
        return .object(object)
    }

    private mutating func readArray() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw error("expected ',' or ']' in an array") }
        return .array(elements)
    }

    private mutating func readLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw error("unexpected character")
        }
        index += expected.count
        return value
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if !consume(UInt8(ascii: "0")) {
            guard skipDigits() > 0 else { throw error("unexpected character") }
        }
        if consume(UInt8(ascii: ".")), skipDigits() == 0 { throw error("expected digits after '.'") }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard skipDigits() > 0 else { throw error("expected digits in an exponent") }
        }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite else {
            throw error("a number out of range")
        }
        return number
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: index)
    }
}

extension JSONReader {
    /// Reads a string from the opening quote; escapes are decoded, invalid UTF-8 is refused.
    fileprivate mutating func readString() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ reader: JSONReader, upTo end: Int) throws(JSONSyntaxError) {
            guard let run = String(validating: reader.bytes[runStart..<end], as: UTF8.self) else {
                throw reader.error("a string that is not UTF-8")
            }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                try flush(self, upTo: index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush(self, upTo: index)
                index += 1
                scalars.append(try readEscape())
                runStart = index
            case 0..<0x20:
                throw error("a control character in a string")
            default:
                index += 1
            }
        }
        throw error("an unterminated string")
    }

    private mutating func readEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = peek() else { throw error("an unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try readHexUnit()
            if UTF16.isLeadSurrogate(unit), consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) {
                let trail = try readHexUnit()
                guard UTF16.isTrailSurrogate(trail) else { throw error("an unpaired surrogate") }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
                if let scalar = Unicode.Scalar(value) { return scalar }
            }
            guard let scalar = Unicode.Scalar(unit) else { throw error("an unpaired surrogate") }
            return scalar
        default:
            throw error("an unknown escape")
        }
    }

    private mutating func readHexUnit() throws(JSONSyntaxError) -> UInt16 {
        guard bytes.count - index >= 4, bytes[index..<index + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
            let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("expected four hex digits after \\u") }
        index += 4
        return unit
    }
}

/// Text that is not JSON, with the byte offset where reading stopped.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    public let offset: Int
    public var description: String { "not JSON at byte \(offset): \(reason)" }
}
