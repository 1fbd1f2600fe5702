extension JSONValue {
    /// Compact JSON text, members in order, as the server's writer spells
    /// it: what request bodies carry and what a terminal shows for nested values.
    public var jsonText: String { jsonString }

    /// Parses JSON text, keeping the order of object members.
    ///
    /// Nesting deeper than 256 levels is refused, so a hostile document
    /// cannot exhaust the stack; a key an object names twice keeps its
    /// first position and takes its last value.
    public init<Bytes: Sequence<UInt8>>(parsing bytes: Bytes) throws(JSONSyntaxError) {
        do {
            self = try JSONParser.parse(Array(bytes), maxDepth: JSONSyntaxError.maximumDepth, repeatedKeys: .lastValueWins)
        } catch {
            throw JSONSyntaxError(error)
        }
    }

    /// Parses JSON text as `init(parsing:)` of bytes does.
    public init(parsing text: String) throws(JSONSyntaxError) {
        try self.init(parsing: text.utf8)
    }
}
