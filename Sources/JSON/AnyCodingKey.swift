/// A coding key for any member name or element position: how ``JSONValue``
/// and ``JSONValueDecoder`` walk members whose names no type declares.
package struct AnyCodingKey: CodingKey, Hashable {
    package let stringValue: String
    package let intValue: Int?

    package init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    package init(stringValue: String) { self.init(stringValue) }

    package init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
