extension JSONValue {
    /// Compact JSON text, members in order: what request bodies carry and what a terminal shows for nested values.
    public var jsonText: String {
        var text = ""
        write(into: &text)
        return text
    }

    private func write(into text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += Self.numberText(value)
        case .string(let value): Self.writeString(value, into: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(into: &text)
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (index, member) in object.enumerated() {
                if index > 0 { text += "," }
                Self.writeString(member.key, into: &text)
                text += ":"
                member.value.write(into: &text)
            }
            text += "}"
        }
    }

    /// Integral values without a fraction (`2`, not `2.0`); others as Swift prints them, which reads back the same.
    static func numberText(_ value: Double) -> String {
        if let integer = Int(exactly: value) { return String(integer) }
        return value.isFinite ? "\(value)" : "null"
    }

    private static func writeString(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

extension JSONValue {
    /// Parses JSON text, keeping the order of object members.
    public init<Bytes: Sequence<UInt8>>(parsing bytes: Bytes) throws(JSONSyntaxError) {
        self = try JSONReader.parse(bytes)
    }

    public init(parsing text: String) throws(JSONSyntaxError) {
        self = try JSONReader.parse(text.utf8)
    }
}
