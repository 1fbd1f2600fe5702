extension JSONParser {
    /// What a parse does with an object that names a key twice.
    public enum RepeatedKeys: Sendable {
        /// Refused with ``JSONParseError/Reason/duplicateKey(_:)``, as every
        /// other parse does.
        case refused
        /// One member, at the key's first position, with its last value (as
        /// setting a ``JSONObject``'s member twice leaves it): for reading
        /// documents this parser's users did not write.
        case lastValueWins
    }

    /// Parses one JSON value from UTF-8 `bytes`, like ``parse(_:maxDepth:keys:)``,
    /// with `repeatedKeys` deciding what a key named twice in one object is.
    public static func parse(
        _ bytes: [UInt8], maxDepth: Int = defaultMaxDepth, repeatedKeys: RepeatedKeys
    ) throws(JSONParseError) -> JSONValue {
        let allowsRepeatedKeys = repeatedKeys == .lastValueWins
        let value = try bytes.withUnsafeBufferPointer { (input) throws(JSONParseError) -> JSONValue in
            try parseDocument(in: input, maxDepth: maxDepth, keys: .none, allowsRepeatedKeys: allowsRepeatedKeys)
        }
        guard allowsRepeatedKeys else { return value }
        return value.mergingRepeatedKeys() ?? value
    }
}

extension JSONValue {
    /// This value with the members of each object that names a key twice
    /// made one, at the first position with the last value; nil when no
    /// object in it does (nothing is copied then).
    fileprivate func mergingRepeatedKeys() -> JSONValue? {
        switch self {
        case .array(var elements):
            var changed = false
            for index in elements.indices {
                guard let merged = elements[index].mergingRepeatedKeys() else { continue }
                elements[index] = merged
                changed = true
            }
            return changed ? .array(elements) : nil
        case .object(let object):
            var members = object.members
            var changed = false
            for index in members.indices {
                guard let merged = members[index].value.mergingRepeatedKeys() else { continue }
                members[index].value = merged
                changed = true
            }
            if Set(members.lazy.map(\.key)).count < members.count {
                return .object(JSONObject(members.map { ($0.key, $0.value) }))
            }
            return changed ? .object(JSONObject(uniqueMembers: members)) : nil
        default:
            return nil
        }
    }
}
