import Platform

/// One Swift class per coordinator name of the loaded flow files, so that
/// the engine, which tells coordinators' types apart by their metatypes,
/// tells file coordinators apart by their names, and shows those names
/// (``Coordinator/declaredTypeName``).
///
/// The classes are specializations of ``FileCoordinatorOf``, made at run
/// time from a name's number written in binary as nested generic
/// arguments: `One<Zero<End>>` is 2. The same name gets the same class in
/// every flow and version.
enum FileCoordinatorTypes {
    // `Locked` (a pthread mutex), not `Synchronization.Mutex`: servers and
    // tests read names from many threads at once, and ThreadSanitizer cannot
    // see the ordering of a contended `Mutex` (Locked says why).
    private static let registry = Locked<(names: [String], types: [ObjectIdentifier: String])>(([], [:]))

    /// The class whose coordinators show `name`.
    static func type(named name: String) -> FileCoordinator.Type {
        registry.withLock { registry in
            let index = registry.names.firstIndex(of: name) ?? registry.names.count
            let type = specialization(index)
            if index == registry.names.count {
                registry.names.append(name)
                registry.types[ObjectIdentifier(type)] = name
            }
            return type
        }
    }

    /// The name `type` was made for.
    static func name(of type: FileCoordinator.Type) -> String? {
        registry.withLock { $0.types[ObjectIdentifier(type)] }
    }

    private static func specialization(_ index: Int) -> FileCoordinator.Type {
        func nest<Tag>(_ tag: Tag.Type, _ rest: Int) -> FileCoordinator.Type {
            if rest == 0 { return FileCoordinatorOf<Tag>.self }
            return rest & 1 == 0 ? nest(Zero<Tag>.self, rest >> 1) : nest(One<Tag>.self, rest >> 1)
        }
        return nest(End.self, index)
    }

    enum End {}
    enum Zero<Rest> {}
    enum One<Rest> {}
}

/// A file coordinator of one name: the class ``FileCoordinatorTypes`` made for it.
final class FileCoordinatorOf<Tag>: FileCoordinator {
    override class var declaredTypeName: String? { FileCoordinatorTypes.name(of: self) }
}
