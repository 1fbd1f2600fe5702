/// Names as people read them, for flows that give no title or label.
public enum ReadableName {
    /// `forgotPassword` → "Forgot password", `mailSettings` → "Mail settings", `open_in-app` → "Open in app".
    public static func of(_ name: String) -> String {
        var words: [String] = []
        var word = ""
        var previous: Character?
        for character in name {
            if character == "_" || character == "-" || character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                words.append(word)
                word = String(character)
            } else {
                word.append(character)
            }
            previous = character
        }
        if !word.isEmpty { words.append(word) }
        guard let first = words.first else { return name }
        // Acronyms (`URL`) stay as they are; other words after the first are lowercased.
        let rest = words.dropFirst().map { $0.allSatisfy(\.isUppercase) ? $0 : $0.lowercased() }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + rest).joined(separator: " ")
    }
}
