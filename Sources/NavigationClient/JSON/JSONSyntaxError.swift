/// Text that is not JSON, with the byte offset where reading stopped.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, and what was expected when that is known.
    public let reason: String
    /// Where reading stopped, in bytes from the start of the text.
    public let offset: Int
    public var description: String { "not JSON at byte \(offset): \(reason)" }

    /// How deeply arrays and objects may nest in a document this library reads.
    static let maximumDepth = 256

    init(_ error: JSONParseError) {
        reason = error.explanation
        offset = error.offset
    }
}
