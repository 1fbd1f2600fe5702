import Coordination

/// The `"patches"` member of a journal record: the ids of the patches its
/// change took the new branch of (``CoordinatorEnvironment/patched(_:)``),
/// as an array of strings; absent when there are none, so that a journal
/// written before patches existed reads the same.
public enum PatchMarkers {
    public static func json(_ patches: [String]) -> JSONValue {
        .array(patches.map(JSONValue.string))
    }

    /// The markers of a record's `"patches"` member (empty when it is
    /// absent); nil when it is not an array of strings.
    public static func decode(_ member: JSONValue?) -> [String]? {
        guard let member else { return [] }
        guard let elements = member.arrayValue else { return nil }
        var patches: [String] = []
        patches.reserveCapacity(elements.count)
        for element in elements {
            guard let id = element.stringValue else { return nil }
            patches.append(id)
        }
        return patches
    }
}
