/// Why and where ``JSONParser`` rejected its input.
///
/// `description` is one sentence meant for the client that sent the text,
/// e.g. "invalid JSON at line 1, column 7 (byte 6): unexpected character 'x';
/// expected ',' or '}' after an object member".
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong with the input.
    public enum Reason: Sendable, Equatable {
        /// The input ended inside a value.
        case unexpectedEnd
        /// A byte that cannot appear here (outside strings; includes non-ASCII bytes and a BOM).
        case unexpectedCharacter(UInt8)
        /// A malformed UTF-8 sequence inside a string.
        case invalidUTF8
        /// An unknown escape, malformed `\u` hex, or an unpaired surrogate escape.
        case invalidEscape
        /// Not a number by the JSON grammar, or too large for a `Double`.
        case invalidNumber
        /// A word that starts like `true`, `false` or `null` but is not one.
        case invalidLiteral
        /// A raw byte below 0x20 inside a string; JSON requires it escaped.
        case controlCharacterInString
        /// Arrays and objects nested deeper than `limit`.
        case tooDeep(limit: Int)
        /// Non-whitespace after the top-level value.
        case trailingData
        /// The same key twice in one object.
        case duplicateKey(String)
        /// No value at all: zero bytes or only whitespace.
        case emptyInput
    }

    /// What was wrong; compare it in tests and map it to client-facing codes.
    public let reason: Reason
    /// Byte offset of the problem from the start of the input (0-based).
    public let offset: Int
    /// 1-based line of `offset`; only LF starts a new line.
    public let line: Int
    /// 1-based column of `offset`, counted in bytes, not characters.
    public let column: Int
    /// What the parser expected at `offset`, when it knows; not part of equality.
    let hint: String?

    /// An error at a known position, e.g. to compare against in tests.
    public init(reason: Reason, offset: Int, line: Int, column: Int) {
        self.init(reason: reason, offset: offset, line: line, column: column, hint: nil)
    }

    init(reason: Reason, offset: Int, line: Int, column: Int, hint: String?) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
        self.hint = hint
    }

    /// Equal when reason and position match; the wording of the hint does not count.
    public static func == (lhs: JSONParseError, rhs: JSONParseError) -> Bool {
        lhs.reason == rhs.reason && lhs.offset == rhs.offset && lhs.line == rhs.line && lhs.column == rhs.column
    }

    /// One sentence with line, column, byte offset, the reason and, when known, what was expected.
    public var description: String {
        "invalid JSON at line \(line), column \(column) (byte \(offset)): \(explanation)"
    }

    /// The reason and, when known, what was expected: ``description``
    /// without the position, e.g. "unexpected character 'x'; expected ',' or
    /// '}' after an object member".
    public var explanation: String {
        guard let hint else { return reason.summary }
        return "\(reason.summary); \(hint)"
    }
}

extension JSONParseError.Reason {
    /// The reason as a clause of the error sentence.
    var summary: String {
        switch self {
        case .unexpectedEnd:
            "unexpected end of input"
        case .unexpectedCharacter(let byte):
            "unexpected \(Self.describe(byte))"
        case .invalidUTF8:
            "invalid UTF-8 byte sequence in a string"
        case .invalidEscape:
            "invalid escape sequence in a string"
        case .invalidNumber:
            "invalid number"
        case .invalidLiteral:
            "invalid literal; expected true, false or null"
        case .controlCharacterInString:
            "unescaped control character in a string; write it as an escape such as \\n or \\u001f"
        case .tooDeep(let limit):
            "arrays and objects are nested more than \(limit) deep"
        case .trailingData:
            "unexpected data after the top-level value"
        case .duplicateKey(let key):
            "duplicate key \(JSONValue.string(key).jsonString) in an object"
        case .emptyInput:
            "empty input; expected a JSON value"
        }
    }

    /// `character 'x'` for printable ASCII, `byte 0xEF` otherwise.
    private static func describe(_ byte: UInt8) -> String {
        if byte > 0x20, byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(byte < 0x10 ? "0" : "")\(hex)"
    }
}
