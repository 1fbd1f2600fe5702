extension FlowDefinition {
    /// This definition as a flow the engine runs: its root is a
    /// ``FileCoordinator`` of ``root``, and every coordinator it starts is
    /// one of the file's, each shown under its own name.
    ///
    /// Throws when the file declares links: they are read and checked, and
    /// not run yet.
    public func flow() throws(FlowFileProblems) -> Flow {
        guard links.isEmpty else {
            throw FlowFileProblems([
                FlowFileProblem(file: name, pointer: JSONPointer.root.appending("links"), message: "links are not run yet")
            ])
        }
        let program = FileProgram(self)
        let root = self.root
        return Flow(name: name, description: description, version: version, context: context) { environment in
            // The checks at load made sure the root exists.
            program.coordinator(root, environment: environment, input: .null) ?? Coordinator(environment: environment)
        }
    }
}
