/// How one field of an event payload is declared in ``Screen/on(_:label:role:fields:perform:)``:
/// its type and, for a string, how long it may be.
///
/// Written like a ``FieldType``, so `["username": .string]` declares a string
/// with the server's limit (``SessionLimits/maxStringFieldBytes``, 4 KiB by
/// default) and `["username": .string(maxBytes: 64)]` one with its own:
/// lower for a name, higher for a message body. A longer value is refused
/// with `invalid-payload` before the handler runs.
///
/// Strings nested in `object` and `array` fields have no limit of their own;
/// the request body limit and the session's byte budget
/// (``SessionLimits/maxSessionBytes``) bound them.
public struct EventField: Sendable, Equatable {
    public let type: FieldType
    /// For a `string` field: the most UTF-8 bytes its value may have; nil
    /// means the server's ``SessionLimits/maxStringFieldBytes``.
    public let maxBytes: Int?
    /// What a person reads for the field; nil means its name made readable
    /// (``DefaultWording/label(ofField:)``). See ``label(_:)``.
    public internal(set) var label: String?
    /// A sentence that helps a person fill the field in; nil means none.
    /// See ``description(_:)``.
    public internal(set) var description: String?
    /// What a person reads for each of ``allowedValues``, in their order;
    /// nil shows the values. Declared with `.string(oneOf: ["USD": "US dollar"])`.
    public internal(set) var allowedValueLabels: [String]?
    /// For a `string` field: the choices it takes from the screen's params
    /// (``oneOf(path:value:label:)``); nil when they are not read from data.
    public internal(set) var choicesFromParams: ParamsChoices?
    /// For a `string` field: the only values it may have, in the order a
    /// client should offer them; nil means any string.
    public let allowedValues: [String]?
    /// For a `string` field: a secret (a password), never kept: see
    /// ``string(secret:)``.
    public let isSecret: Bool

    /// A field of `type` with the server's limits.
    public init(_ type: FieldType) {
        self.init(type: type)
    }

    private init(type: FieldType, maxBytes: Int? = nil, allowedValues: [String]? = nil, isSecret: Bool = false) {
        self.type = type
        self.maxBytes = maxBytes.map { max(0, $0) }
        self.allowedValues = allowedValues
        self.isSecret = isSecret
    }

    public static let string = EventField(.string)
    public static let number = EventField(.number)
    public static let boolean = EventField(.boolean)
    public static let object = EventField(.object)
    public static let array = EventField(.array)

    /// A string of at most `maxBytes` UTF-8 bytes, above or below the server's default.
    public static func string(maxBytes: Int) -> EventField {
        EventField(type: .string, maxBytes: maxBytes)
    }

    /// A secret string (a password, a card number), with the server's
    /// limit or `maxBytes`: its value reaches the handler, and is never
    /// kept. The journal, the events listing and a replay see
    /// ``SecretField/placeholder`` (or the empty string, when it was
    /// empty) instead; the session document marks the field `secret`, so a
    /// client hides what is typed.
    public static func string(secret: Bool, maxBytes: Int? = nil) -> EventField {
        EventField(type: .string, maxBytes: maxBytes, isSecret: secret)
    }

    /// A string that must be one of `values` (currency codes, say). The
    /// session document lists them as the field's `enum`, so a client can
    /// offer them as choices; any other value is refused with
    /// `invalid-payload` before the handler runs.
    public static func string(oneOf values: [String]) -> EventField {
        EventField(type: .string, allowedValues: values)
    }
}
