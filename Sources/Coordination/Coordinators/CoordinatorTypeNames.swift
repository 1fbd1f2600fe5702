import Locking

/// Coordinator type names, spelled once per type: every coordinator of a
/// type shares one string, instead of each spelling its own (a 64-byte
/// allocation that an idle session kept in its history and tree).
enum CoordinatorTypeNames {
    private static let names = Locked<[ObjectIdentifier: String]>([:])

    /// What `String(describing:)` prints for `type`. `_typeName` spells it
    /// without `Mirror` and casts; the lock is taken once per coordinator
    /// created, not per read.
    static func name(of type: Coordinator.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = names.withLock({ $0[key] }) { return known }
        let spelled = _typeName(type, qualified: false)
        return names.withLock { names in
            if let known = names[key] { return known }
            names[key] = spelled
            return spelled
        }
    }
}
