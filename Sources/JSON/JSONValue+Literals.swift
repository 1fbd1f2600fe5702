// Literal conformances, so tests and hand-built documents read like JSON:
// `let body: JSONValue = ["route": "home", "depth": 2, "modal": nil]`.

extension JSONValue: ExpressibleByNilLiteral {
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// `true` / `false` are `.bool`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Stored as a `Double`; literals beyond ±2^53 are rounded.
    public init(integerLiteral value: Int) {
        self = .number(Double(value))
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// `2.5` is `.number(2.5)`.
    public init(floatLiteral value: Double) {
        self = .number(value)
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// `"home"` is `.string("home")`.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

/// `"detail-\(id)"` builds a `.string` without spelling out `.string(...)`.
extension JSONValue: ExpressibleByStringInterpolation {}

extension JSONValue: ExpressibleByArrayLiteral {
    /// `[1, "a"]` is `.array`; elements may be any literal.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// An object with members in literal order; a repeated key replaces the earlier value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
