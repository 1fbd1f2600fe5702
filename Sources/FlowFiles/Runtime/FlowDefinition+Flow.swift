import Coordination

extension FlowDefinition {
    /// This definition as a flow the engine runs: its root is a
    /// ``FileCoordinator`` of ``root``, every coordinator it starts is one
    /// of the file's, each shown under its own name, and its links are
    /// followed by the coordinators they name (``FileProgram/follow(_:from:)``).
    public func flow() -> Flow {
        let program = FileProgram(self)
        let root = self.root
        let patterns = links.map { LinkPattern($0.pattern, description: $0.description ?? "") }
        return Flow(
            name: name, description: description, version: version, context: context, links: patterns,
            accept: { link throws(LinkRejection) in try program.accept(link) },
            follow: { link, root in program.follow(link, from: root) }
        ) { environment in
            // The checks at load made sure the root exists.
            program.coordinator(root, environment: environment, input: .null) ?? Coordinator(environment: environment)
        }
        .sharingParams(coordinators.keys.sorted().flatMap { coordinators[$0]?.screens.flatMap(\.sharedParams) ?? [] })
    }
}
