import Coordination

/// JavaScript's `===` and `==` on JSON values.
///
/// Arrays and objects are equal to no array or object: JavaScript compares
/// them by identity, and values here have none (two literals are never the
/// same object in JavaScript either). Text compares by code units, not by
/// canonical equivalence as Swift's `==` does.
enum JSEquality {
    /// `===`: the same kind and the same value; `NaN` equals nothing, `0` equals `-0`.
    static func strict(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        // UTF-8 bytes are equal exactly when UTF-16 code units are.
        case (.string(let left), .string(let right)): left.utf8.elementsEqual(right.utf8)
        default: false
        }
    }

    /// `==`, by ECMAScript's IsLooselyEqual: `null` equals only `null`; a
    /// number and text compare as numbers; a boolean is first its number;
    /// an array or object against a number or text is first its string.
    static func loose(_ lhs: JSONValue, _ rhs: JSONValue, _ budget: inout WorkBudget) throws(EvaluationLimit) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null), (.bool, .bool), (.number, .number), (.string, .string):
            return strict(lhs, rhs)
        case (.array, .array), (.object, .object), (.array, .object), (.object, .array), (.null, _), (_, .null):
            return false
        case (.number(let number), .string), (.string, .number(let number)):
            let text = lhs.stringValue ?? rhs.stringValue ?? ""
            try budget.spend(bytes: text.utf8.count)
            return number == JSNumberParsing.number(text)
        case (.bool(let bool), _):
            return try loose(.number(bool ? 1 : 0), rhs, &budget)
        case (_, .bool(let bool)):
            return try loose(lhs, .number(bool ? 1 : 0), &budget)
        case (.array, _), (.object, _):
            return try loose(JSCoercion.primitive(lhs, &budget), rhs, &budget)
        case (_, .array), (_, .object):
            return try loose(lhs, JSCoercion.primitive(rhs, &budget), &budget)
        }
    }
}
