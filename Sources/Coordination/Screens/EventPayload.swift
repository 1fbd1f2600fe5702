/// The payload of an event, already checked against the fields the screen declared.
///
/// Because the engine validates before it dispatches, a handler can read a
/// declared field without unwrapping: `payload.string("username")`. Reading a
/// field that was not declared gives the empty value of its type.
public struct EventPayload: Sendable, Equatable {
    /// The members the client sent.
    public let members: JSONObject

    public init(_ members: JSONObject = JSONObject()) {
        self.members = members
    }

    public subscript(name: String) -> JSONValue? { members[name] }

    /// The declared `string` field `name`.
    public func string(_ name: String) -> String { members[name]?.stringValue ?? "" }

    /// The declared `number` field `name`.
    public func number(_ name: String) -> Double { members[name]?.numberValue ?? 0 }

    /// The declared `boolean` field `name`.
    public func bool(_ name: String) -> Bool { members[name]?.boolValue ?? false }
}
