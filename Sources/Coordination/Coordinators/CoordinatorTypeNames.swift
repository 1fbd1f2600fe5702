import Synchronization

/// Coordinator type names as the session document writes them (`"RatesCoordinator"`,
/// quoted and escaped), worked out once per type: `_typeName` cost ~355
/// instructions and escaping it ~290 for every coordinator of every tree
/// written. Holds one entry per coordinator type the flows use, a number
/// their code fixes.
enum CoordinatorTypeNames {
    private static let encodedNames = Mutex<[ObjectIdentifier: [UInt8]]>([:])

    /// `type`'s ``Coordinator/typeName`` as a JSON string.
    static func encodedName(of type: Coordinator.Type) -> [UInt8] {
        let key = ObjectIdentifier(type)
        if let known = encodedNames.withLock({ $0[key] }) { return known }
        var writer = JSONWriter(capacity: 32)
        writer.writeString(Coordinator.typeName(of: type))
        let encoded = writer.bytes
        encodedNames.withLock { $0[key] = encoded }
        return encoded
    }
}
