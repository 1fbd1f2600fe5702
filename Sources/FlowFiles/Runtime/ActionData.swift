import Coordination

/// The data roots (``DataRoot``) an expression of a file coordinator reads,
/// handed out one root at a time when a `var` asks for it: the roots are
/// never gathered into one object, and the store is read only by the
/// expressions that read it.
struct ActionData: LogicData {
    let coordinator: FileCoordinator
    /// The screen whose values `screen` reads: the one an event is on, or
    /// being shown; none reads as `{}`.
    let screen: ShownFileScreen?
    /// The roots of the run: `payload`, `outcome`, `failure`, `output`, `link`, `message`.
    let extra: [(DataRoot, JSONValue)]

    func topMember(_ key: PathComponent) -> JSONValue? {
        // Not `DataRoot(rawValue:)`: a raw-value enum's initializer searches
        // a table of its cases' names (4,400 instructions a request of the
        // exchange file); a switch of literals compares small strings in place.
        switch key.key {
        case "context": value(of: .context)
        case "store": value(of: .store)
        case "input": value(of: .input)
        case "screen": value(of: .screen)
        case "payload": value(of: .payload)
        case "output": value(of: .output)
        case "outcome": value(of: .outcome)
        case "failure": value(of: .failure)
        case "link": value(of: .link)
        case "message": value(of: .message)
        default: nil
        }
    }

    /// Every root as one object, in the order context, store, input,
    /// screen, then the run's own.
    var wholeValue: JSONValue {
        var data = JSONObject()
        for root in [DataRoot.context, .store, .input, .screen] { data[root.rawValue] = value(of: root) }
        for (root, value) in extra { data[root.rawValue] = value }
        return .object(data)
    }

    private func value(of root: DataRoot) -> JSONValue? {
        switch root {
        case .context: .object(coordinator.environment.context)
        case .store: coordinator.storeValue
        case .input: coordinator.input
        case .screen: .object(screen?.values ?? JSONObject())
        case .payload, .output, .outcome, .failure, .link, .message: extra.first { $0.0 == root }?.1
        }
    }
}
