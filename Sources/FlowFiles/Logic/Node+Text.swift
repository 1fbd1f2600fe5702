import Coordination

extension Node {
    /// `cat`: the arguments' strings (``JSCoercion/string(_:_:)``) one after
    /// another, `null` as nothing, as `Array.prototype.join("")` has them.
    static func concatenate<Data: LogicData>(
        _ arguments: [Node], _ data: Data, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> String {
        var text = ""
        for argument in arguments {
            let value = try argument.evaluate(data, &budget)
            if value.isNull { continue }
            let piece = try JSCoercion.string(value, &budget)
            try budget.spend(bytes: piece.utf8.count)
            text += piece
        }
        return text
    }

    /// `substr`: JavaScript's `String.prototype.substr` on the source's
    /// string, by UTF-16 code units (a surrogate pair cut in two leaves
    /// U+FFFD). A negative start counts from the end; a negative length
    /// stops that many units before the end, as JSON Logic adds; no length
    /// runs to the end.
    static func substring(
        _ source: JSONValue, start: JSONValue, length: JSONValue?, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> String {
        let text = try JSCoercion.string(source, &budget)
        try budget.spend(bytes: text.utf8.count)
        let units = Array(text.utf16)
        let size = Double(units.count)
        var from = integer(try JSCoercion.number(start, &budget))
        from = from < 0 ? max(size + from, 0) : min(from, size)
        var count = size - from
        if let length {
            let requested = try JSCoercion.number(length, &budget)
            count = requested < 0 ? integer(count + requested) : integer(requested)
            count = min(max(count, 0), size - from)
        }
        let first = Int(from)
        return String(decoding: units[first..<first + Int(count)], as: UTF16.self)
    }

    /// ECMAScript's ToIntegerOrInfinity: `NaN` is 0, others lose their fraction.
    private static func integer(_ number: Double) -> Double {
        number.isNaN ? 0 : number.rounded(.towardZero)
    }
}
