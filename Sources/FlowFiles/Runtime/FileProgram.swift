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
            for call in coordinator.calls { collect(call.actions) }
            for screen in coordinator.screens {
                for event in screen.events { collect(event.actions) }
            }
        }
        for link in definition.links { collect(link.actions) }
        storeKeys = keys
    }

    /// Follows `link` (which the pattern of one of the file's links
    /// matched) in the session whose root is `root`: the link's actions run
    /// in the first running coordinator of the class it names, found from
    /// the root down (a parent before its children, children in the order
    /// started), with `link` reading the link's values. A link whose
    /// coordinator has not finished its `start` yet is held, as a Swift
    /// flow's is, until one has (``FileCoordinator/start()``).
    func follow(_ link: DeepLink, from root: Coordinator) -> LinkHandling {
        guard let definition = definition.links.first(where: { $0.pattern == link.pattern }) else { return .followed }
        guard let coordinator = Self.running(definition.coordinator, in: root) else { return .hold }
        var run = ActionRun(coordinator: coordinator, screen: nil, extra: [(.link, .object(Self.values(of: link)))])
        // The load checks keep `reject` out of links.
        coordinator.changing { try? run.perform(definition.actions) }
        return .followed
    }

    /// Refuses `link` when its link's `reject` says so (a value other than
    /// null or false, its text the reason): before any coordinator sees it.
    func accept(_ link: DeepLink) throws(LinkRejection) {
        guard let reject = definition.links.first(where: { $0.pattern == link.pattern })?.reject else { return }
        let refusal = reject.evaluate(.object([DataRoot.link.rawValue: .object(Self.values(of: link))]))
        guard refusal != .null, refusal != false else { return }
        throw LinkRejection(refusal.stringValue ?? refusal.jsonString)
    }

    /// A link's values, as `link` reads them.
    private static func values(of link: DeepLink) -> JSONObject {
        var values = JSONObject()
        for (name, value) in link.values.sorted(by: { $0.key < $1.key }) { values[name] = .string(value) }
        return values
    }

    /// The first started, unfinished file coordinator named `name` in `coordinator`'s tree.
    private static func running(_ name: String, in coordinator: Coordinator) -> FileCoordinator? {
        if let file = coordinator as? FileCoordinator, file.definition.name == name, file.hasStarted, !file.isFinished {
            return file
        }
        for child in coordinator.childCoordinators {
            if let found = running(name, in: child) { return found }
        }
        return nil
    }

    /// A coordinator `name` of a session, given what its parent passed.
    func coordinator(_ name: String, environment: CoordinatorEnvironment, input: JSONValue) -> FileCoordinator? {
        guard let type = types[name], let definition = definition.coordinators[name] else { return nil }
        return type.init(environment: environment, program: self, definition: definition, input: input)
    }
}
