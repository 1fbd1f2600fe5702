import Coordination

/// What an expression reads with `var`: a JSON value, or data that hands
/// out its top-level members one at a time (a flow file's data roots,
/// ``ActionData``) so that an evaluation never builds an object of them.
protocol LogicData {
    /// The value of the member named `key` at the top, `nil` when there is none.
    func topMember(_ key: PathComponent) -> JSONValue?
    /// The whole data as one value (a `var` of `""`, or a computed `null` path).
    var wholeValue: JSONValue { get }
}

extension JSONValue: LogicData {
    func topMember(_ key: PathComponent) -> JSONValue? {
        Node.member(key, of: self)
    }

    var wholeValue: JSONValue { self }
}
