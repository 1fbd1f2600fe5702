/// The JSON Logic operations an expression may use, by their keys.
///
/// `map`, `filter`, `all`, `none`, `some` and `reduce` are compiled into
/// their own nodes (their logic runs once per element), `var` into a
/// variable node; the others are a node with their argument nodes.
enum Operation: String, Sendable, CaseIterable {
    case variable = "var"
    case missing
    case missingSome = "missing_some"
    case branch = "if"
    case equal = "=="
    case strictEqual = "==="
    case notEqual = "!="
    case strictNotEqual = "!=="
    case not = "!"
    case truthy = "!!"
    case or
    case and
    case greater = ">"
    case greaterOrEqual = ">="
    case less = "<"
    case lessOrEqual = "<="
    case max
    case min
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case map
    case filter
    case reduce
    case all
    case none
    case some
    case merge
    case `in`
    case cat
    case substr

    /// How many arguments a use may have, when JSON Logic cannot evaluate
    /// other counts; `nil` for any number.
    var argumentCounts: ClosedRange<Int>? {
        switch self {
        case .variable: 0...2
        case .missingSome: 2...2
        case .map, .filter, .all, .none, .some: 2...2
        case .reduce: 2...3
        case .multiply: 1...Int.max
        case .substr: 1...3
        default: nil
        }
    }
}
