/// An event's `fields` member as the session document writes it, encoded
/// once when the fields are declared (``EventFields``): a render copies
/// these bytes, and writes only the choices read from the screen's params
/// (``ParamsChoices``) in the places they go.
///
/// Each field is `{"type", "label", "description"?, "secret"?, "enum"?, "labels"?}`:
/// the label the flow gave or its name made readable, the description when
/// the flow gave one, and the values it may take with what a person reads
/// for each, fixed or read from the params.
struct FieldsDocument: Sendable {
    /// The bytes up to the first choices from the params (all of them, when none).
    private let leading: [UInt8]
    /// Each field whose choices come from the params, and the bytes after
    /// its `,"enum":[...],"labels":[...]`, up to the next one.
    private let choices: [(choices: ParamsChoices, following: [UInt8])]

    /// The document of `declared`, in their order.
    init(_ declared: [(String, EventField)]) {
        var pieces: [[UInt8]] = []
        var holes: [ParamsChoices] = []
        var writer = JSONWriter()
        writer.writeObject { fields in
            for (name, field) in declared {
                fields.member(named: name) { writer in
                    writer.writeObject { object in
                        object.member("type", field.type.rawValue)
                        object.member("label", field.label ?? DefaultWording.label(ofField: name))
                        if let description = field.description { object.member("description", description) }
                        if field.isSecret { object.member("secret", true) }
                        if let values = field.allowedValues {
                            object.member("enum") { $0.writeArray(values) { $0.writeString($1) } }
                            if let labels = field.allowedValueLabels {
                                object.member("labels") { $0.writeArray(labels) { $0.writeString($1) } }
                            }
                        } else if let choices = field.choicesFromParams {
                            pieces.append(object.bytes)
                            object.removeAll()
                            holes.append(choices)
                        }
                    }
                }
            }
        }
        pieces.append(writer.bytes)
        leading = pieces[0]
        choices = Array(zip(holes, pieces.dropFirst()))
    }

    /// Writes the `fields` object; `params` is read only for choices from them.
    func write(into writer: inout JSONWriter, params: () -> JSONObject) {
        writer.writeRaw(leading)
        guard !choices.isEmpty else { return }
        let params = params()
        for (choices, following) in choices {
            Self.write(choices, from: params, into: &writer)
            writer.writeRaw(following)
        }
    }

    /// Writes `,"enum":[...],"labels":[...]`: the values `params` offer now
    /// and their labels, in the params' order.
    private static func write(_ choices: ParamsChoices, from params: JSONObject, into writer: inout JSONWriter) {
        let items = choices.items(in: params) ?? []
        writer.member("enum") { writer in
            writeArray(of: items, choices, into: &writer) { value, _, writer in writer.writeString(value) }
        }
        writer.member("labels") { writer in
            writeArray(of: items, choices, into: &writer) { value, item, writer in
                choices.writeLabel(of: item, value: value, into: &writer)
            }
        }
    }

    /// Writes an array of one element per item that offers a value.
    private static func writeArray(
        of items: [JSONValue], _ choices: ParamsChoices, into writer: inout JSONWriter,
        _ writeElement: (String, JSONValue, inout JSONWriter) -> Void
    ) {
        writer.writeRaw("[")
        var first = true
        for item in items {
            guard let value = choices.value(of: item) else { continue }
            if !first { writer.writeRaw(",") }
            first = false
            writeElement(value, item, &writer)
        }
        writer.writeRaw("]")
    }
}
