/// One thing wrong with a flow file: the file, the place in it, and what.
public struct FlowFileProblem: Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let pointer: JSONPointer
    public let message: String

    public init(file: String, pointer: JSONPointer, message: String) {
        self.file = file
        self.pointer = pointer
        self.message = message
    }

    /// `notes.json#/coordinators/Notes/start/0: unknown action 'shove'`.
    public var description: String { "\(file)#\(pointer): \(message)" }
}

/// Every problem a flow file has; a file with any is not loaded.
public struct FlowFileProblems: Error, Sendable, CustomStringConvertible {
    public let problems: [FlowFileProblem]

    public init(_ problems: [FlowFileProblem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
