/// Builds a page of the Prometheus text exposition format, version 0.0.4.
struct PrometheusTextWriter {
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(8 * 1024)
    }

    /// The `# HELP` and `# TYPE` lines that open a metric family.
    mutating func family(_ name: String, type: String, help: String) {
        append("# HELP \(name) \(help)\n# TYPE \(name) \(type)\n")
    }

    /// One sample line: `name{label="value",…} value`.
    mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String> = [:], _ value: String) {
        append(name)
        if !labels.isEmpty {
            append("{")
            for (position, label) in labels.enumerated() {
                if position > 0 { append(",") }
                append(label.key)
                append("=\"")
                appendEscaped(label.value)
                append("\"")
            }
            append("}")
        }
        append(" ")
        append(value)
        append("\n")
    }

    mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String> = [:], _ value: Int) {
        sample(name, labels, String(value))
    }

    /// A family of one sample: its `# HELP` and `# TYPE` lines, then its value.
    mutating func metric(
        _ name: String, type: String, help: String, labels: KeyValuePairs<String, String> = [:], value: Int
    ) {
        family(name, type: type, help: help)
        sample(name, labels, value)
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Label values escape `\`, `"` and newline.
    private mutating func appendEscaped(_ value: String) {
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\n"): append("\\n")
            default: bytes.append(byte)
            }
        }
    }
}
