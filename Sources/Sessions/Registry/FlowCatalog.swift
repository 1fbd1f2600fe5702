import Coordination

/// The flows a server hosts, by name, in the order they were registered
/// (the first of two flows with one name wins).
struct FlowCatalog: Sendable {
    let all: [Flow]
    private let byName: [String: Flow]

    init(_ flows: [Flow]) {
        all = flows
        var byName: [String: Flow] = [:]
        for flow in flows where byName[flow.name] == nil { byName[flow.name] = flow }
        self.byName = byName
    }

    subscript(name: String) -> Flow? { byName[name] }

    /// The refusal for a name no flow has, listing the ones there are.
    func notFound(_ name: String) -> NavigationError {
        let known = all.map(\.name).joined(separator: ", ")
        return NavigationError(.flowNotFound, "no flow is named '\(name)'; this server hosts: \(known)")
    }
}
