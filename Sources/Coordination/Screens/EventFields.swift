/// The fields of an event's payload, in the order a client should show them:
/// what ``Screen/on(_:label:role:fields:perform:)`` takes, written as a dictionary
/// literal, `["code": .string(oneOf: codes), "amount": .number]`.
///
/// Immutable and shared by its copies. A flow that declares the same fields
/// on every session can keep them in a `static let` and pass that: each
/// screen then holds one reference instead of its own lists.
public struct EventFields: ExpressibleByDictionaryLiteral, Sendable {
    /// No fields: the payload must be `{}` (or absent).
    public static let none = EventFields(declared: [])

    private let storage: Storage

    public init(dictionaryLiteral elements: (String, EventField)...) {
        self.init(declared: elements)
    }

    /// The fields in `declared`'s order.
    public init(_ declared: KeyValuePairs<String, EventField>) {
        self.init(declared: declared.map { ($0.key, $0.value) })
    }

    /// The fields in `declared`'s order, for fields read from data (a flow
    /// file) rather than written in code.
    public init(_ declared: [(name: String, field: EventField)]) {
        self.init(declared: declared.map { ($0.name, $0.field) })
    }

    private init(declared: [(String, EventField)]) {
        // Events without fields are the most common: they share one storage.
        storage = declared.isEmpty ? Self.emptyStorage : Storage(declared)
    }

    /// Every field, in declaration order; every one is required.
    public var list: [(name: String, type: FieldType)] { storage.fields }
    /// The string fields declared with a limit of their own, by name.
    public var maxStringBytes: [String: Int] { storage.maxStringBytes }

    /// The allowed values of the field at `index`, if it was declared with
    /// ``EventField/string(oneOf:)``.
    public func allowedValues(at index: Int) -> [String]? {
        index < storage.allowedByField.count ? storage.allowedByField[index] : nil
    }

    /// The choices the field at `index` takes from the screen's params, if
    /// it was declared with ``EventField/oneOf(path:value:label:)``.
    public func choicesFromParams(at index: Int) -> ParamsChoices? {
        index < storage.choicesByField.count ? storage.choicesByField[index] : nil
    }

    /// Writes the session document's `fields` object; `params` is read
    /// only for the choices that come from the screen's params.
    func writeDocument(into writer: inout JSONWriter, params: () -> JSONObject) {
        storage.document.write(into: &writer, params: params)
    }

    public var isEmpty: Bool { storage.fields.isEmpty }

    /// Whether some field takes its choices from the screen's params.
    var readsParams: Bool { !storage.choicesByField.isEmpty }

    /// The names of the secret fields (``EventField/string(secret:maxBytes:)``), in order.
    public var secretNames: [String] { storage.secretNames }

    private static let emptyStorage = Storage([])

    private final class Storage: Sendable {
        let fields: [(name: String, type: FieldType)]
        /// The `fields` member of the session document, encoded once.
        let document: FieldsDocument
        /// Empty when no field takes its choices from the params.
        let choicesByField: [ParamsChoices?]
        let maxStringBytes: [String: Int]
        /// Empty when no field has allowed values.
        let allowedByField: [[String]?]
        let secretNames: [String]

        init(_ declared: [(String, EventField)]) {
            fields = declared.map { (name: $0.0, type: $0.1.type) }
            document = FieldsDocument(declared)
            choicesByField = declared.contains { $0.1.choicesFromParams != nil } ? declared.map(\.1.choicesFromParams) : []
            var limits: [String: Int] = [:]
            for (name, field) in declared {
                if let maxBytes = field.maxBytes { limits[name] = maxBytes }
            }
            maxStringBytes = limits
            allowedByField = declared.contains { $0.1.allowedValues != nil } ? declared.map(\.1.allowedValues) : []
            secretNames = declared.filter(\.1.isSecret).map(\.0)
        }
    }
}
