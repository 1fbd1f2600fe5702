/// Coordinator type names as the session document writes them (`"RatesCoordinator"`,
/// quoted and escaped), each worked out once and kept with the rendered
/// document, so that the next render of the coordinator tree copies them:
/// `_typeName` cost ~355 instructions and escaping it ~290 for every
/// coordinator of every tree written.
///
/// Kept per session: the engine takes no locks. The registry keeps the
/// names each flow's first document was written with, and hands them to
/// every new session's first render (``Session/document(typeNames:expectedBytes:)``). A
/// flow has a few coordinator types, so they are found by a linear scan.
package struct CoordinatorTypeNames: Sendable {
    private var known: [Entry] = []

    /// None known yet: a render given these gathers the names it writes.
    package init() {}

    /// Whether no name is known.
    var isEmpty: Bool { known.isEmpty }

    private struct Entry: Sendable {
        let type: ObjectIdentifier
        let encoded: [UInt8]
    }

    /// `type`'s ``Coordinator/typeName`` as a JSON string.
    mutating func encodedName(of type: Coordinator.Type) -> [UInt8] {
        let key = ObjectIdentifier(type)
        for entry in known where entry.type == key { return entry.encoded }
        var writer = JSONWriter(capacity: 32)
        writer.writeString(Coordinator.typeName(of: type))
        let encoded = writer.bytes
        known.append(Entry(type: key, encoded: encoded))
        return encoded
    }
}
