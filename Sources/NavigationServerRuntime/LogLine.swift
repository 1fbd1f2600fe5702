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
            append(level.rawValue)
            append("\",\"msg\":")
            appendJSONString(message)
        case .text:
            appendTimestamp()
            append(" ")
            append(level.rawValue)
            append(" ")
            appendTextValue(message)
        }
    }

    mutating func field(_ key: String, _ value: String) {
        appendKey(key)
        switch format {
        case .json: appendJSONString(value)
        case .text: appendTextValue(value)
        }
    }

    mutating func field(_ key: String, _ value: Int) {
        appendKey(key)
        append(String(value))
    }

    /// The finished line, newline included.
    consuming func finished() -> [UInt8] {
        if format == .json { append("}") }
        append("\n")
        return writer.bytes
    }

    private mutating func appendKey(_ key: String) {
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

    private mutating func append(_ text: String) {
        writer.bytes.append(contentsOf: text.utf8)
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
            append(value)
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
    private mutating func appendTimestamp() {
        let now = UTCDateTime.now()
        appendDigits(now.year, count: 4)
        writer.bytes.append(UInt8(ascii: "-"))
        appendDigits(now.month, count: 2)
        writer.bytes.append(UInt8(ascii: "-"))
        appendDigits(now.day, count: 2)
        writer.bytes.append(UInt8(ascii: "T"))
        appendDigits(now.hour, count: 2)
        writer.bytes.append(UInt8(ascii: ":"))
        appendDigits(now.minute, count: 2)
        writer.bytes.append(UInt8(ascii: ":"))
        appendDigits(now.second, count: 2)
        writer.bytes.append(UInt8(ascii: "."))
        appendDigits(now.millisecond, count: 3)
        writer.bytes.append(UInt8(ascii: "Z"))
    }

    private mutating func appendDigits(_ value: Int, count: Int) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            writer.bytes.append(UInt8(ascii: "0") + UInt8((rest / divisor) % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
