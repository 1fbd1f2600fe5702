/// Choices a string field takes from the screen's params: the items of one
/// array in them, each offered by a value and a label, the way a table
/// view's rows are its data source's items. Declared with
/// ``EventField/oneOf(path:value:label:)``.
///
/// ```swift
/// // params: {"mailboxes": [{"id": "inbox", "name": "Inbox", "unread": 2}, ...]}
/// mailboxes.on("open", fields: ["mailbox": .oneOf(path: "mailboxes", value: "id", label: "name")]) { ... }
/// ```
///
/// The choices are read from the params as they are when the session
/// document is rendered (its `enum` and `labels`) and when an event is
/// checked: a value that is not among them is refused with
/// `invalid-payload`, like any `enum`. Change the params and the choices
/// change with them, in the same version.
///
/// - An item that is an object gives its `value` member, which must be a
///   string (items without one are not offered); an item that is a string
///   is its own value and label. Other items are skipped.
/// - Choices are in the array's order; make the values unique.
public struct ParamsChoices: Sendable, Equatable {
    /// The member names leading from the params to the array: `"mailboxes"`
    /// is `params.mailboxes`, `"folder.messages"` is `params.folder.messages`.
    public let path: [String]
    /// The member of each item whose string is the value sent back.
    public let valueMember: String
    /// What a person reads for each item (see ``ChoiceLabel``); nil shows the value.
    public let label: ChoiceLabel?

    /// Choices from the array at `path` (member names joined by `.`), each
    /// item's `value` member sent back and `label` shown: a member name
    /// (`"name"`) or a template naming several (`"{subject}, from {from}"`).
    public init(path: String, value: String = "id", label: String? = nil) {
        self.path = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        valueMember = value
        self.label = label.map(ChoiceLabel.init)
    }

    /// The choices the params offer now, in order: what the document lists.
    public func choices(in params: JSONObject) -> [(value: String, label: String)] {
        var choices: [(value: String, label: String)] = []
        forEachChoice(in: params) { value, item in
            var writer = JSONWriter()
            writeLabel(of: item, value: value, into: &writer)
            let label = (try? JSONParser.parse(writer.bytes))?.stringValue ?? value
            choices.append((value, label))
        }
        return choices
    }

    /// Whether `value` is one of the choices `params` offer now.
    public func offers(_ value: String, in params: JSONObject) -> Bool {
        guard let items = items(in: params) else { return false }
        return items.contains { self.value(of: $0) == value }
    }

    /// The most values a refusal names; the rest are counted.
    static let maxValuesListed = 10

    /// Why `value` is refused: the values `params` offer now (the first
    /// ``maxValuesListed``, then how many more), as a fixed `enum` says it.
    func refusal(of value: String, in params: JSONObject) -> String {
        var listed: [String] = []
        var more = 0
        forEachChoice(in: params) { offered, _ in
            if listed.count < Self.maxValuesListed { listed.append(offered) } else { more += 1 }
        }
        guard !listed.isEmpty else { return "has no choices now, not '\(value.prefix(64))'" }
        let list = listed.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
        return "must be one of \(list), not '\(value.prefix(64))'"
    }

    /// The array at ``path``, if the params have one there.
    func items(in params: JSONObject) -> [JSONValue]? {
        guard let first = path.first, var value = params[first] else { return nil }
        for member in path.dropFirst() {
            guard let next = value[member] else { return nil }
            value = next
        }
        return value.arrayValue
    }

    /// The value an item offers, or nil when it offers none.
    func value(of item: JSONValue) -> String? {
        switch item {
        case .string(let value): value
        case .object(let object): object[valueMember]?.stringValue
        default: nil
        }
    }

    /// Calls `body` with each value offered and the item offering it, in order.
    func forEachChoice(in params: JSONObject, _ body: (String, JSONValue) -> Void) {
        guard let items = items(in: params) else { return }
        for item in items {
            if let value = value(of: item) { body(value, item) }
        }
    }

    /// Writes `item`'s label as one JSON string: its value when there is no
    /// ``label``, or when the item is a string.
    func writeLabel(of item: JSONValue, value: String, into writer: inout JSONWriter) {
        guard let label, case .object(let object) = item else {
            writer.writeString(value)
            return
        }
        label.write(for: object, into: &writer)
    }
}
