extension Node {
    /// Whether this node's value may be deeper than the values in its data
    /// and its literals: it builds an array around computed values (an array
    /// node, `map`, `missing`, `missing_some`), returns its data whole (a
    /// `var` of the whole data or of a computed path), or runs a `reduce`.
    /// `reduce` checks its accumulator after every element only then, so
    /// repeated wrapping cannot grow a value deeper than the limit.
    var mayDeepen: Bool {
        switch self {
        case .literal:
            return false
        case .array, .reduce:
            return true
        case .variable(.fixed, let fallback):
            return fallback?.mayDeepen ?? false
        case .variable:
            return true
        case .iteration(.map, _, _):
            return true
        case .iteration(.filter, let input, _):
            return input.mayDeepen
        case .iteration:
            return false
        case .operation(let operation, let arguments):
            switch operation {
            case .missing, .missingSome: return true
            // They return one of their arguments, or elements of them.
            case .branch, .and, .or, .merge: return arguments.contains { $0.mayDeepen }
            default: return false
            }
        }
    }
}
