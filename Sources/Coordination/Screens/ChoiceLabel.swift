/// What a person reads for one item of ``ParamsChoices``: the value of one
/// of its members (`"name"`), or a template that names members in braces
/// (`"{subject}, from {from}"`).
///
/// A string member is shown as it is, a number or a boolean as JSON writes
/// it; a member the item lacks, or of another type, shows nothing. A `{`
/// without a closing `}` is text.
public struct ChoiceLabel: Sendable, Equatable {
    /// The label as declared.
    public let template: String
    /// The template split once, its text already escaped for the document.
    private let parts: [Part]

    private enum Part: Sendable, Equatable {
        /// Text between members, as it appears inside a JSON string.
        case text([UInt8])
        case member(String)
    }

    /// A label from `template`: a member name, or text with `{member}` in it.
    public init(_ template: String) {
        self.template = template
        guard template.contains("{") else {
            parts = [.member(template)]
            return
        }
        var parts: [Part] = []
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            let member = rest[afterOpen..<close]
            if member.isEmpty || member.contains("{") {
                text += rest[...open]
                rest = rest[afterOpen...]
                continue
            }
            text += rest[..<open]
            if !text.isEmpty { parts.append(.text(Self.escaped(text))) }
            text = ""
            parts.append(.member(String(member)))
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        if !text.isEmpty { parts.append(.text(Self.escaped(text))) }
        self.parts = parts
    }

    /// Writes the label of `item` as one JSON string.
    func write(for item: JSONObject, into writer: inout JSONWriter) {
        if parts.count == 1, case .member(let name) = parts[0], case .string(let text)? = item[name] {
            writer.writeString(text)
            return
        }
        writer.writeRaw("\"")
        for part in parts {
            switch part {
            case .text(let escaped):
                writer.writeRaw(escaped)
            case .member(let name):
                switch item[name] {
                case .string(let text)?: Self.writeContents(of: text, into: &writer)
                case .number(let number)?: writer.writeNumber(number)
                case .bool(let flag)?: writer.writeBool(flag)
                default: break
                }
            }
        }
        writer.writeRaw("\"")
    }

    /// `text` escaped as the writer escapes a string, without its quotes.
    private static func escaped(_ text: String) -> [UInt8] {
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        writeContents(of: text, into: &writer)
        return writer.bytes
    }

    /// Writes `text` escaped, without quotes: one piece of a longer string.
    private static func writeContents(of text: String, into writer: inout JSONWriter) {
        writer.writeStringContents(text)
    }
}
