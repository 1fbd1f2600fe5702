/// Flow files read and checked (docs/flow-files.md): one version of one flow as
/// JSON, turned into a ``FlowDefinition`` or every problem it has.
public enum FlowFile {
    /// The largest flow file read: 1 MiB.
    public static let maxBytes = FlowSource.maxBytes
    /// The deepest nesting of a flow file: the JSON parser's limit.
    public static let maxDepth = JSONParser.defaultMaxDepth

    /// The definition in `bytes`, or every problem found, each naming `file`
    /// and a JSON Pointer to its place.
    ///
    /// - Parameter performers: the effects the server can perform; an
    ///   effect none performs is a problem. Nil leaves effects unchecked.
    public static func definition(
        of bytes: [UInt8], file: String, performers: Set<String>? = nil
    ) throws(FlowFileProblems) -> FlowDefinition {
        var reader = DefinitionReader(file: file)
        guard bytes.count <= maxBytes else {
            reader.problem(.root, "the file has \(bytes.count) bytes, over the limit of \(maxBytes)")
            throw FlowFileProblems(reader.problems)
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, maxDepth: maxDepth)
        } catch {
            reader.problem(.root, "not JSON: \(error)")
            throw FlowFileProblems(reader.problems)
        }
        let definition = reader.flow(value)
        if let definition { FlowDefinitionChecks(definition: definition, performers: performers).problems(in: &reader) }
        guard let definition, reader.problems.isEmpty else { throw FlowFileProblems(reader.problems) }
        return definition
    }
}
