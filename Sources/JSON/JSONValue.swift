/// A JSON document or fragment, as parsed by ``JSONParser`` or built in code.
///
/// Numbers are stored as `Double`, so integers beyond ±2^53 lose precision.
/// Equality follows `Double` (`0` equals `-0`) and ``JSONObject`` (member order
/// does not matter). Values are trees: code that builds one by hand should keep
/// it shallow enough to encode and release recursively.
public enum JSONValue: Sendable, Hashable {
    /// JSON `null`; distinct from a missing member, which lookups report as `nil`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any JSON number; the writer prints integral values without a fraction.
    case number(Double)
    /// Text; the writer escapes it, so it may hold any Unicode including NUL.
    case string(String)
    /// Elements in order.
    case array([JSONValue])
    /// Members in insertion order; see ``JSONObject``.
    case object(JSONObject)
}

extension JSONValue {
    /// The string, or `nil` for any other kind of value (no conversion).
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, or `nil` for any other kind of value (no conversion from strings).
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an `Int` when it is integral and in range, else `nil`.
    ///
    /// `2.0` gives `2`; `2.5`, `1e300` and non-numbers give `nil`.
    public var intValue: Int? {
        if case .number(let value) = self { return Int(exactly: value) }
        return nil
    }

    /// The boolean, or `nil` for any other kind of value.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, or `nil` unless this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, or `nil` unless this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is JSON `null` (a missing key is `nil`, not `.null`).
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member named `key`; `nil` unless this is an object containing `key`.
    ///
    /// A member whose value is JSON `null` gives `.null`, not `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The JSON name of this value's kind: "null", "boolean", "number",
    /// "string", "array" or "object" — for error messages and field type checks.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text, so interpolating a value into a message shows it as JSON.
    public var description: String { jsonString }
}
