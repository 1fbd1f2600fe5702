import Coordination

/// A compiled expression: what to do is decided once, at compile time, so
/// an evaluation switches on cases and never reads an operation's key.
indirect enum Node: Sendable {
    /// A value given as is (also an array of literals, folded).
    case literal(JSONValue)
    /// An array whose elements are evaluated.
    case array([Node])
    /// `var`: the path, and the default when nothing is there.
    case variable(VariablePath, fallback: Node?)
    /// `map`, `filter`, `all`, `none` or `some`: `logic` runs with each
    /// element of `input`'s value as its data.
    case iteration(Iteration, input: Node, logic: Node)
    /// `reduce`; `checksDepth` when `logic` may return a value deeper than
    /// its data, so the accumulator's depth is checked after every element.
    case reduce(input: Node, logic: Node, initial: Node?, checksDepth: Bool)
    /// Any other operation, with its argument nodes.
    case operation(Operation, [Node])
}

/// The operations that run their logic once per element of an array.
enum Iteration: Sendable {
    case map
    case filter
    case all
    case none
    case some
}

/// Where a `var` reads.
enum VariablePath: Sendable {
    /// The whole data: no path, `null` or `""`.
    case whole
    /// A literal path, split at compile time.
    case fixed([PathComponent])
    /// A path computed when the expression runs.
    case computed(Node)
}

/// One dot-separated component of a `var` path: a member name, and the
/// array index it is when it is one as JavaScript has it (digits without a
/// leading zero).
struct PathComponent: Sendable {
    let key: String
    let index: Int?

    init(_ key: Substring) {
        self.key = String(key)
        let digits = key.utf8
        let isIndex =
            !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            && (digits.count == 1 || digits.first != UInt8(ascii: "0"))
        index = isIndex ? Int(key) : nil
    }

    /// The components of a dot path; `path` is not empty.
    static func split(_ path: String) -> [PathComponent] {
        path.split(separator: ".", omittingEmptySubsequences: false).map(PathComponent.init)
    }
}
