/// Any `Codable` value may hold a `JSONValue`: decoded from any decoder
/// (Foundation's `JSONDecoder` too, which does not keep member order) and
/// encoded with integral numbers as integers.
extension JSONValue: Codable {
    /// The value the decoder holds: from ``JSONValueDecoder`` as it is,
    /// member order and all; from another decoder by its containers.
    public init(from decoder: any Decoder) throws {
        // The library's own decoder hands over the value it holds, order and all.
        if let decoder = decoder as? JSONValueDecoding {
            self = decoder.value
            return
        }
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var object = JSONObject()
            for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(object)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Encodes objects as keyed containers (members in order), arrays as
    /// unkeyed ones, and integral numbers as `Int`s.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, value) in object { try container.encode(value, forKey: AnyCodingKey(key)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            if let integer = Int(exactly: value) { try container.encode(integer) } else { try container.encode(value) }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}

extension JSONObject: Codable {
    /// An object from any decoder; anything else is a type mismatch.
    public init(from decoder: any Decoder) throws {
        guard case .object(let object) = try JSONValue(from: decoder) else {
            throw DecodingError.typeMismatch(
                JSONObject.self, .init(codingPath: decoder.codingPath, debugDescription: "expected an object"))
        }
        self = object
    }

    /// Encodes the object as ``JSONValue/object(_:)`` does.
    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(self).encode(to: encoder)
    }
}
