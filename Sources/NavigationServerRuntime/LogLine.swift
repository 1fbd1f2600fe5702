import Coordination
import NavigationAPI

/// One log line as bytes, in JSON or text, ready for a single `write(2)`.
///
/// JSON: `{"time":"2026-11-29T14:58:18.123Z","level":"info","msg":"request","status":200}`.
/// Text (logfmt after time, level and message): `2026-11-29T14:58:18.123Z info request status=200`.
/// Values are escaped, so no client-sent text can break a line or forge one.
struct LogLine {
    private let format: LogFormat
    /// The line so far; for JSON lines its string escaping is the API's own.
    private var writer = JSONWriter(capacity: 192)

    init(format: LogFormat, level: LogLevel, message: String) {
        self.format = format
        switch format {
        case .json:
            append("{\"time\":\"")
            appendTimestamp()
            append("\",\"level\":\"")
            append(Self.spelling(of: level))
            append("\",\"msg\":")
            appendJSONString(message)
        case .text:
            appendTimestamp()
            append(" ")
            append(Self.spelling(of: level))
            append(" ")
            appendTextValue(message)
        }
    }

    mutating func field(_ key: StaticString, _ value: String) {
        appendKey(key)
        switch format {
        case .json: appendJSONString(value)
        case .text: appendTextValue(value)
        }
    }

    mutating func field(_ key: StaticString, _ value: Int) {
        appendKey(key)
        appendDecimal(value)
    }

    /// The finished line, newline included.
    consuming func finished() -> [UInt8] {
        if format == .json { append("}") }
        append("\n")
        return writer.bytes
    }

    private mutating func appendKey(_ key: StaticString) {
        switch format {
        case .json:
            append(",\"")
            append(key)
            append("\":")
        case .text:
            append(" ")
            append(key)
            append("=")
        }
    }

    /// The literal parts of a line (keys, punctuation) as static bytes:
    /// appending a `String`'s `UTF8View` went through a generic copy that
    /// cost ~250 instructions per piece, ~14 pieces per request line.
    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { writer.bytes.append(contentsOf: $0) }
    }

    private mutating func appendBytes(of text: String) {
        var text = text
        text.withUTF8 { writer.bytes.append(contentsOf: $0) }
    }

    private static func spelling(of level: LogLevel) -> StaticString {
        switch level {
        case .debug: "debug"
        case .info: "info"
        case .warn: "warn"
        case .error: "error"
        }
    }

    /// Quoted and escaped by the same writer as every JSON response.
    private mutating func appendJSONString(_ value: String) {
        writer.writeString(value)
    }

    /// Bare when the value is a plain token, quoted otherwise; control bytes become `?`.
    private mutating func appendTextValue(_ value: String) {
        let plain =
            !value.isEmpty && value.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "=") }
        if plain {
            appendBytes(of: value)
            return
        }
        writer.bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0..<0x20, 0x7F: writer.bytes.append(UInt8(ascii: "?"))
            default: writer.bytes.append(byte)
            }
        }
        writer.bytes.append(UInt8(ascii: "\""))
    }

    /// Now, in RFC 3339 UTC with milliseconds: `2026-11-29T14:58:18.123Z`.
    /// Spelled in a fixed buffer and appended at once (one append per byte
    /// cost more than the arithmetic).
    private mutating func appendTimestamp() {
        let now = UTCDateTime.now()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.timestampBytes) { buffer in
            var index = 0
            func digits(_ value: Int, count: Int, then separator: UInt8) {
                var rest = value
                for position in stride(from: index + count - 1, through: index, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
                buffer[index + count] = separator
                index += count + 1
            }
            digits(now.year, count: 4, then: UInt8(ascii: "-"))
            digits(now.month, count: 2, then: UInt8(ascii: "-"))
            digits(now.day, count: 2, then: UInt8(ascii: "T"))
            digits(now.hour, count: 2, then: UInt8(ascii: ":"))
            digits(now.minute, count: 2, then: UInt8(ascii: ":"))
            digits(now.second, count: 2, then: UInt8(ascii: "."))
            digits(now.millisecond, count: 3, then: UInt8(ascii: "Z"))
            writer.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<index]))
        }
    }

    /// `value` in decimal, spelled in a fixed buffer and appended at once
    /// (`JSONWriter.writeInt` cost ~800 instructions for a status code).
    private mutating func appendDecimal(_ value: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maxDecimalBytes) { buffer in
            var rest = value.magnitude
            var start = Self.maxDecimalBytes
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            writer.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// `-9223372036854775808`.
    private static var maxDecimalBytes: Int { 20 }

    /// `2026-11-29T14:58:18.123Z`.
    private static var timestampBytes: Int { 24 }
}
