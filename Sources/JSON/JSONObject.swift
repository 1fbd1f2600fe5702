/// A JSON object that keeps its members in insertion order, so output is deterministic.
///
/// Members live in one array and lookups scan it, which is fastest for the
/// small objects of request and response bodies. Setting an existing key
/// replaces its value in place; setting `nil` removes the member.
///
/// Equality ignores order: two objects are equal when they have the same keys
/// with equal values, and the hash agrees. Keys compare as Swift `String`s, so
/// canonically equivalent spellings (`"é"` and `"e\u{301}"`) are the same key.
public struct JSONObject: Sendable {
    /// One member; also the collection's element type.
    public typealias Element = (key: String, value: JSONValue)

    /// A stored member: a struct, not the tuple ``Element``, because an
    /// array of tuples is copied and destroyed through the runtime's generic
    /// tuple witnesses (~110 instructions a member, on every parsed body).
    struct Member: Sendable {
        var key: String
        var value: JSONValue
    }

    /// Internal for ``JSONWriter`` and the size count: iterating the array
    /// is specialized, iterating the collection went through its witness table.
    private(set) var members: [Member]

    /// An empty object.
    public init() {
        members = []
    }

    /// An object with `members` in order; a later duplicate key replaces the
    /// earlier value but keeps the earlier position.
    public init(_ members: [(String, JSONValue)]) {
        self.members = []
        self.members.reserveCapacity(members.count)
        if members.count <= Self.linearLimit {
            for (key, value) in members { self[key] = value }
            return
        }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(members.count)
        for (key, value) in members {
            if let position = positions[key] {
                self.members[position].value = value
            } else {
                positions[key] = self.members.count
                self.members.append(Member(key: key, value: value))
            }
        }
    }

    /// Members the caller guarantees to have distinct keys (the parser checks).
    init(uniqueMembers: [Member]) {
        members = uniqueMembers
    }

    /// Above this many members, bulk operations use a hash table instead of scanning.
    private static let linearLimit = 16

    /// The value for `key`, or `nil` if absent. Setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return members[position].value
        }
        set {
            let position = position(of: key)
            switch (position, newValue) {
            case (let position?, let value?): members[position].value = value
            case (let position?, nil): members.remove(at: position)
            case (nil, let value?): members.append(Member(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// The keys in member order.
    public var keys: [String] { members.map(\.key) }

    /// The keys not among `known`, in member order: none (an empty array,
    /// no allocation) for a body with only the keys it may have. Reads the
    /// keys in place, where iterating the collection copied every member.
    public func keys(notIn known: [String]) -> [String] {
        var unknown: [String] = []
        for index in members.indices where !known.contains(members[index].key) {
            unknown.append(members[index].key)
        }
        return unknown
    }

    /// The values in member order.
    public var values: [JSONValue] { members.map(\.value) }

    private func position(of key: String) -> Int? {
        members.firstIndex { $0.key == key }
    }
}

extension JSONObject: RandomAccessCollection {
    /// Always 0: positions are offsets in member order.
    public var startIndex: Int { members.startIndex }
    /// The member count.
    public var endIndex: Int { members.endIndex }
    /// The member at `position` (an offset in member order, not a key).
    public subscript(position: Int) -> Element {
        let member = members[position]
        return (member.key, member.value)
    }
}

extension JSONObject: Hashable {
    /// Same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        // Same order is the common case (a round trip); compare pairwise first.
        if zip(lhs.members, rhs.members).allSatisfy({ $0.key == $1.key }) {
            return zip(lhs.members, rhs.members).allSatisfy { $0.value == $1.value }
        }
        if lhs.members.count > linearLimit {
            let table = Dictionary(rhs.members.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            return lhs.members.allSatisfy { table[$0.key] == $0.value }
        }
        return lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Order-insensitive, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        // Order-insensitive: sum independent per-member hashes.
        var sum = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            sum &+= memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(sum)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Members in literal order; a repeated key replaces the earlier value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
