import Coordination

/// A [JSON Logic](https://jsonlogic.com) expression, compiled once and
/// evaluated against data as often as needed.
///
/// The operations are `var`, `missing`, `missing_some`, `if`, `==`, `===`,
/// `!=`, `!==`, `!`, `!!`, `or`, `and`, `>`, `>=`, `<`, `<=`, `max`, `min`,
/// `+`, `-`, `*`, `/`, `%`, `map`, `filter`, `reduce`, `all`, `none`, `some`,
/// `merge`, `in`, `cat` and `substr`, with the semantics of the reference
/// implementation (json-logic-js): JavaScript's coercions and loose equality,
/// JSON Logic's truthiness (``isTruthy(_:)``). An object with one member whose
/// key is one of them is that operation; an array is evaluated element by
/// element; anything else is a literal, including an object with an unknown
/// single key (json-logic-js throws there) and an object of several members.
///
/// Where JavaScript would give `undefined`, `NaN` or an infinity, the
/// evaluator works on as JavaScript does, and the result shows them as JSON
/// does (`JSON.stringify`): `null`, and `-0` as `0`. A missing argument reads
/// as `null`. Two arrays or objects are never equal (`==`, `===`, `in`), as
/// two JavaScript literals are not: JavaScript compares them by identity.
///
/// Evaluation is bounded: an expression is at most
/// `JSONParser.defaultMaxDepth` deep, and an evaluation may spend at most a
/// work limit (``defaultWorkLimit``): one unit for every node evaluated and for
/// every element a result holds, one for every 8 bytes of text built or
/// scanned. Values the evaluator builds or turns into text may be at most
/// ``maxValueDepth`` deep.
public struct JSONLogic: Sendable {
    /// How deep an expression may be, as the JSON parser counts depth (each
    /// array or object is one level).
    public static let maxExpressionDepth = JSONParser.defaultMaxDepth

    /// How deep a value the evaluator builds, walks or turns into text may be.
    public static let maxValueDepth = 2 * JSONParser.defaultMaxDepth

    /// The work an evaluation may spend unless told otherwise (see the type's
    /// documentation for what a unit is).
    public static let defaultWorkLimit = 1_000_000

    private let root: Node

    /// The `var` paths read from the data the expression is evaluated
    /// against, in order of first appearance, each once: literal `var` paths
    /// (a number as JavaScript prints it, `""` for the whole data) and literal
    /// keys of `missing` and `missing_some`. Paths read inside the logic of
    /// `map`, `filter`, `reduce`, `all`, `none` and `some` are relative to an
    /// element, not to the data, and are left out; so are paths computed when
    /// the expression runs.
    public let variablePaths: [String]

    /// Compiles `expression`.
    ///
    /// Throws ``JSONLogicError`` when it is deeper than
    /// ``maxExpressionDepth`` or uses a known operation in a way JSON Logic
    /// cannot evaluate: a `var` path that is a boolean, an array or an object;
    /// `var` with more than two arguments; `map`, `filter`, `all`, `none` or
    /// `some` without exactly two, `reduce` without two or three, and
    /// `missing_some` without exactly two; `*` with none; `substr` with none
    /// or more than three.
    public init(_ expression: JSONValue) throws(JSONLogicError) {
        var compiler = Compiler()
        root = try compiler.compile(expression)
        variablePaths = compiler.variablePaths
    }

    /// The value of the expression for `data`; `null` when the evaluation
    /// goes over ``defaultWorkLimit`` or ``maxValueDepth``.
    public func evaluate(_ data: JSONValue) -> JSONValue {
        (try? evaluate(data, workLimit: Self.defaultWorkLimit)) ?? .null
    }

    /// The value for `data` read member by member (a flow file's data roots).
    func evaluate(reading data: some LogicData) -> JSONValue {
        (try? evaluate(reading: data, workLimit: Self.defaultWorkLimit)) ?? .null
    }

    /// The value of the expression for `data`, spending at most `workLimit`
    /// units; throws ``JSONLogicError/Kind/workLimitExceeded(limit:)`` or
    /// ``JSONLogicError/Kind/valueTooDeep(limit:)`` past the limits.
    public func evaluate(_ data: JSONValue, workLimit: Int) throws(JSONLogicError) -> JSONValue {
        try evaluate(reading: data, workLimit: workLimit)
    }

    private func evaluate(reading data: some LogicData, workLimit: Int) throws(JSONLogicError) -> JSONValue {
        var budget = WorkBudget(units: workLimit)
        do throws(EvaluationLimit) {
            let value = try root.evaluate(data, &budget)
            return try ResultValue.settled(value, &budget)
        } catch {
            switch error {
            case .work: throw JSONLogicError(.workLimitExceeded(limit: workLimit))
            case .depth: throw JSONLogicError(.valueTooDeep(limit: Self.maxValueDepth))
            }
        }
    }

    /// JSON Logic's truthiness (jsonlogic.com/truthy): `false`, `null`, `0`,
    /// `""` and the empty array are falsy (and `NaN`, which only arithmetic
    /// makes); every other value is truthy, `"0"`, `[0]` and `{}` included.
    public static func isTruthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let bool): bool
        case .number(let number): !(number == 0 || number.isNaN)
        case .string(let string): !string.isEmpty
        case .array(let elements): !elements.isEmpty
        case .object: true
        }
    }
}
