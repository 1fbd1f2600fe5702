/// A flow file's definition made ready to run: shared by every session of
/// its flow, read only.
final class FileProgram: Sendable {
    let definition: FlowDefinition
    /// The class of each coordinator, by name.
    let types: [String: FileCoordinator.Type]
    /// Every store key the flow reads or writes: the declared ones and
    /// every `set` target, so that `store` shows them all.
    let storeKeys: [String]

    init(_ definition: FlowDefinition) {
        self.definition = definition
        var types: [String: FileCoordinator.Type] = [:]
        for name in definition.coordinators.keys { types[name] = FileCoordinatorTypes.type(named: name) }
        self.types = types
        var keys = definition.store.keys
        func collect(_ actions: [FlowAction]) {
            for action in actions {
                switch action {
                case .set(let assignments):
                    for case (.store(let key), _) in assignments where !keys.contains(key) { keys.append(key) }
                case .startChild(_, _, let then): collect(then)
                case .perform(_, _, let then, let otherwise), .branch(_, let then, let otherwise):
                    collect(then)
                    collect(otherwise)
                default: break
                }
            }
        }
        for coordinator in definition.coordinators.values.sorted(by: { $0.name < $1.name }) {
            collect(coordinator.start)
            for screen in coordinator.screens {
                for event in screen.events { collect(event.actions) }
            }
        }
        for link in definition.links { collect(link.actions) }
        storeKeys = keys
    }

    /// A coordinator `name` of a session, given what its parent passed.
    func coordinator(_ name: String, environment: CoordinatorEnvironment, input: JSONValue) -> FileCoordinator? {
        guard let type = types[name], let definition = definition.coordinators[name] else { return nil }
        return type.init(environment: environment, program: self, definition: definition, input: input)
    }
}
