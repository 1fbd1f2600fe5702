import Coordination

/// The flows a server hosts, by name, in the order they were registered
/// (the first of two flows with one name wins).
struct FlowCatalog: Sendable {
    let all: [Flow]
    /// Each name once, in order: `names[i]` is `hosted[i]`'s name.
    let names: [String]
    private let hosted: [Flow]
    /// `firstDocuments[i]`: what the first document of `hosted[i]`'s sessions left for the next.
    private let firstDocuments: [FlowFirstDocument]

    init(_ flows: [Flow]) {
        all = flows
        var names: [String] = []
        var hosted: [Flow] = []
        for flow in flows where !names.contains(flow.name) {
            names.append(flow.name)
            hosted.append(flow)
        }
        self.names = names
        self.hosted = hosted
        firstDocuments = hosted.map { _ in FlowFirstDocument() }
    }

    subscript(name: String) -> Flow? { position(of: name).map { hosted[$0] } }

    /// The flow at `position` (``position(of:)``).
    func flow(at position: Int) -> Flow { hosted[position] }

    /// `session`'s document, its first render given what the first
    /// document of its flow left (``FlowFirstDocument``). `position`: its
    /// flow's, when the caller looked it up.
    func document(of session: Session, flowAt position: Int? = nil) -> SharedBytes {
        guard !session.holdsDocument, let position = position ?? self.position(of: session.flow.name) else {
            return session.renderedDocument()
        }
        return firstDocuments[position].document(of: session)
    }

    /// Where `name` is in ``names``; nil for a name no flow has. Searched in
    /// order, not hashed: a server hosts a handful of flows, names mostly
    /// differ in length (compared first), and hashing a name with `Hasher`
    /// cost ~300 instructions a lookup (one per created session, one per
    /// event counted).
    func position(of name: String) -> Int? {
        let length = name.utf8.count
        for index in names.indices where names[index].utf8.count == length && names[index] == name { return index }
        return nil
    }

    /// The refusal for a name no flow has, listing the ones there are.
    func notFound(_ name: String) -> NavigationError {
        let known = all.map(\.name).joined(separator: ", ")
        return NavigationError(.flowNotFound, "no flow is named '\(name)'; this server hosts: \(known)")
    }
}
