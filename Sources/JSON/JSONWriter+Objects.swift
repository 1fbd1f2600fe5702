/// Objects and arrays written by their members and elements: the writer
/// puts in the braces, brackets, commas, colons and quotes, so the code
/// that writes a document reads as the document's shape.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.writeObject { session in
///     session.member("id", id)                   // {"id":"k3…"
///     session.member("version", version)         // ,"version":3
///     session.member("pendingLink", link)        // ,"pendingLink":null   (a nil String?)
///     session.member("stack") { stack in         // ,"stack":[{"name":"home"}]
///         stack.writeArray(screens) { element, screen in
///             element.writeObject { $0.member("name", screen.name) }
///         }
///     }
/// }                                              // }
/// ```
///
/// - A member name is a `StaticString`, written as it is between quotes:
///   it must need no escaping (plain ASCII without `"`, `\`, controls,
///   `<`, `>` or `&`), which a debug build checks.
/// - `member` writes a comma unless the byte before it is the `{` that
///   opened the object, so it belongs directly in a ``writeObject(_:)``
///   body, after whole members.
/// - The closure of `member(_:_:)` and of ``writeArray(_:_:)`` must write
///   exactly one value, with any of the writer's methods (`writeString`,
///   `write`, `writeObject`, `writeArray`, or `writeRaw` of bytes that are
///   one value).
///
/// Values are escaped as ``writeString(_:)`` does. The output is the same
/// compact text as writing the same object with ``write(_:)``.
extension JSONWriter {
    /// Writes an object: `{`, the members `writeMembers` writes with
    /// `member` calls, `}`.
    @inlinable
    public mutating func writeObject(_ writeMembers: (inout JSONWriter) -> Void) {
        append(UInt8(ascii: "{"))
        writeMembers(&self)
        append(UInt8(ascii: "}"))
    }

    /// Writes an array: `[`, each element of `elements` by `writeElement`
    /// with a comma between them, `]`.
    @inlinable
    public mutating func writeArray<Elements: Sequence>(
        _ elements: Elements, _ writeElement: (inout JSONWriter, Elements.Element) -> Void
    ) {
        append(UInt8(ascii: "["))
        var first = true
        for element in elements {
            if !first { append(UInt8(ascii: ",")) }
            first = false
            writeElement(&self, element)
        }
        append(UInt8(ascii: "]"))
    }

    /// Writes the member `name` whose value `writeValue` writes.
    @inlinable
    public mutating func member(_ name: StaticString, _ writeValue: (inout JSONWriter) -> Void) {
        writeKey(name)
        writeValue(&self)
    }

    /// Writes a member whose name is known only at run time (a key of a
    /// flow's data), escaped like any string, and whose value `writeValue`
    /// writes.
    @inlinable
    public mutating func member(named name: String, _ writeValue: (inout JSONWriter) -> Void) {
        if lastByte != UInt8(ascii: "{") { append(UInt8(ascii: ",")) }
        writeString(name)
        append(UInt8(ascii: ":"))
        writeValue(&self)
    }

    /// Writes the member `name` with a string value: the key, the quotes
    /// and the value's bytes in one piece of the buffer while none needs
    /// escaping (a member cost ~50 instructions more as a key and a string).
    public mutating func member(_ name: StaticString, _ value: String) {
        Self.withUTF8(of: value) { utf8 in
            let key = placeKey(name, reserving: utf8.count + 2)
            key.end.pointee = UInt8(ascii: "\"")
            let text = key.end + 1
            let plain = Self.copyUntilEscape(utf8, to: text)
            if plain == utf8.count {
                text[plain] = UInt8(ascii: "\"")
                didWrite(key.length + plain + 2)
            } else {
                didWrite(key.length + 1 + plain)
                appendEscaped(utf8, from: plain, quoted: true)
            }
        }
    }

    /// Writes the member `name` with a string value, or `null` for nil.
    public mutating func member(_ name: StaticString, _ value: String?) {
        guard let value else {
            writeKey(name)
            return writeNull()
        }
        member(name, value)
    }

    /// Writes the member `name` with an integer value.
    public mutating func member(_ name: StaticString, _ value: Int) {
        writeKey(name)
        writeInt(value)
    }

    /// Writes the member `name` with a number value (see ``writeNumber(_:)``).
    public mutating func member(_ name: StaticString, _ value: Double) {
        writeKey(name)
        writeNumber(value)
    }

    /// Writes the member `name` with `true` or `false`.
    public mutating func member(_ name: StaticString, _ value: Bool) {
        writeKey(name)
        writeBool(value)
    }

    /// Writes the member `name` with `value` and everything inside it.
    public mutating func member(_ name: StaticString, _ value: JSONValue) {
        writeKey(name)
        write(value)
    }

    /// Writes `,"name":`, or `"name":` for an object's first member.
    @usableFromInline
    mutating func writeKey(_ name: StaticString) {
        didWrite(placeKey(name, reserving: 0).length)
    }

    /// Places ``writeKey(_:)``'s bytes in room for them and `extra` bytes
    /// more, in one piece: the comma unless first, the quoted name, the
    /// colon. Returns where they end and how many they are; the caller
    /// writes after them and counts them with what it wrote (``didWrite(_:)``).
    @inline(__always)
    mutating func placeKey(_ name: StaticString, reserving extra: Int) -> (end: UnsafeMutablePointer<UInt8>, length: Int) {
        assert(Self.isPlainName(name), "member name \(name) needs escaping")
        let first = lastByte == UInt8(ascii: "{")
        let nameLength = name.utf8CodeUnitCount
        let length = nameLength + (first ? 3 : 4)
        var target = room(for: length + extra)
        if !first {
            target.pointee = UInt8(ascii: ",")
            target += 1
        }
        target[0] = UInt8(ascii: "\"")
        (target + 1).initialize(from: name.utf8Start, count: nameLength)
        target[nameLength + 1] = UInt8(ascii: "\"")
        target[nameLength + 2] = UInt8(ascii: ":")
        return (target + nameLength + 3, length)
    }

    /// Whether `name` is written the same with or without escaping.
    static func isPlainName(_ name: StaticString) -> Bool {
        name.withUTF8Buffer { utf8 in utf8.allSatisfy { $0 < 0x80 && !mayNeedEscape($0) } }
    }
}
