/// Why an expression does not compile, or an evaluation stopped.
public struct JSONLogicError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Equatable {
        /// The expression is nested deeper than `limit` levels.
        case tooDeep(limit: Int)
        /// A known operation used in a way it cannot be evaluated: `operation`
        /// is its name, `reason` says what is wrong.
        case malformed(operation: String, reason: String)
        /// The evaluation spent more than its work limit.
        case workLimitExceeded(limit: Int)
        /// A value the evaluation built or walked is deeper than `limit`.
        case valueTooDeep(limit: Int)
    }

    /// What is wrong.
    public let kind: Kind
    /// A JSON Pointer (RFC 6901) into the expression at the offending place;
    /// `""` (the whole expression) for the limits of an evaluation.
    public let pointer: String

    /// An error of `kind` at `pointer`.
    public init(_ kind: Kind, at pointer: String = "") {
        self.kind = kind
        self.pointer = pointer
    }

    /// One line: the place, when there is one, and what is wrong.
    public var description: String {
        let place = pointer.isEmpty ? "" : "at \(pointer): "
        switch kind {
        case .tooDeep(let limit): return "\(place)the expression is nested deeper than \(limit) levels"
        case .malformed(let operation, let reason): return "\(place)\"\(operation)\" \(reason)"
        case .workLimitExceeded(let limit): return "\(place)the evaluation needs more than \(limit) units of work"
        case .valueTooDeep(let limit): return "\(place)the evaluation makes a value nested deeper than \(limit) levels"
        }
    }
}
