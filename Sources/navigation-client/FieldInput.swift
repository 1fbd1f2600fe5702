import NavigationClient

/// What a person types for one payload field, checked against the field's declared type.
enum FieldInput {
    /// The line that cancels a form instead of answering it.
    static let cancel = "."

    /// The question for a field, with its choices numbered when it has some.
    static func prompt(for field: FieldDeclaration, choices: [FieldChoice]?) -> String {
        var text = field.displayLabel
        if let description = field.description { text += " — \(description)" }
        if let choices {
            let list = choices.enumerated().map { "  \($0.offset + 1)) \($0.element.label)" }
            return ([text + ", choose one:"] + list).joined(separator: "\n") + "\n\(field.name)> "
        }
        if field.isSecret { return "\(text) (secret: not shown as you type)\n\(field.name)> " }
        let hint =
            switch field.type {
            case .string: "text"
            case .number: "a number"
            case .boolean: "y or n"
            case .object: "a JSON object"
            case .array: "a JSON array"
            case .other(let name): "\(name), as JSON"
            }
        return "\(text) (\(hint))\n\(field.name)> "
    }

    /// The value for `field`, or what is wrong with the answer.
    static func value(of answer: String, for field: FieldDeclaration, choices: [FieldChoice]?) -> Result<JSONValue, Mistake> {
        if let choices {
            let trimmed = answer.trimmingSpaces
            if let number = Int(trimmed), choices.indices.contains(number - 1) { return .success(.string(choices[number - 1].value)) }
            if let choice = choices.first(where: { $0.value == trimmed }) { return .success(.string(choice.value)) }
            return .failure(Mistake("choose 1 to \(choices.count)"))
        }
        switch field.type {
        case .string:
            return .success(.string(answer))
        case .number:
            guard let number = Double(answer.trimmingSpaces), number.isFinite else { return .failure(Mistake("that is not a number")) }
            return .success(.number(number))
        case .boolean:
            switch answer.trimmingSpaces.lowercased() {
            case "y", "yes", "true": return .success(.bool(true))
            case "n", "no", "false": return .success(.bool(false))
            default: return .failure(Mistake("answer y or n"))
            }
        case .object, .array, .other:
            guard let value = try? JSONValue(parsing: answer) else { return .failure(Mistake("that is not JSON")) }
            if field.type == .object, value.objectValue == nil { return .failure(Mistake("that is not a JSON object")) }
            if field.type == .array, value.arrayValue == nil { return .failure(Mistake("that is not a JSON array")) }
            return .success(value)
        }
    }

    /// Why an answer was not taken.
    struct Mistake: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
