/// A value the contract writes as a member of an object, keyed by its own name: an event's
/// fields, a flow's context members. Its `init(from:)` takes the name from the coding path.
protocol NamedMember: Codable {
    var name: String { get }
}

extension KeyedDecodingContainer {
    /// The members of the object at `key` in the order they were written; none when it is absent or null.
    func decodeNamedMembers<Member: NamedMember>(_ type: Member.Type, forKey key: Key) throws -> [Member] {
        guard contains(key), try !decodeNil(forKey: key) else { return [] }
        let members = try nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
        return try members.allKeys.map { try members.decode(Member.self, forKey: $0) }
    }
}

extension KeyedEncodingContainer {
    /// Writes `members` as an object at `key`, each under its name.
    mutating func encodeNamedMembers<Member: NamedMember>(_ members: [Member], forKey key: Key) throws {
        var object = nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
        for member in members { try object.encode(member, forKey: AnyCodingKey(member.name)) }
    }
}
