/// One line a person types at the `>` prompt.
enum TerminalCommand: Equatable {
    /// Send the event with this number.
    case event(Int)
    case back
    case dismiss
    /// Switch to a tab, by id or by its number in the tab line.
    case tab(String)
    case link(String)
    case refresh
    case end
    case quit
    case help
    /// An empty line: draw the session again.
    case redraw

    static let helpText = """
        a number  send that event (its fields are asked one by one; a single '.' cancels)
        b         back: pop the top screen          d  dismiss the top modal
        t TAB     switch to a tab (id or number)   l PATH  open a deep link, e.g. l /rates/USD
        r         fetch the session again          end  end the session
        q         quit (the session keeps running) ?  this help
        """

    /// The command a line means, or nil when it means none.
    static func parse(_ line: String) -> TerminalCommand? {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first else { return .redraw }
        let rest = words.dropFirst().joined(separator: " ")
        switch (first.lowercased(), rest.isEmpty) {
        case ("b", true), ("back", true): return .back
        case ("d", true), ("dismiss", true): return .dismiss
        case ("t", false), ("tab", false): return .tab(rest)
        case ("l", false), ("link", false): return .link(rest)
        case ("r", true), ("refresh", true): return .refresh
        case ("end", true): return .end
        case ("q", true), ("quit", true), ("exit", true): return .quit
        case ("?", true), ("h", true), ("help", true): return .help
        default:
            guard words.count == 1, let number = Int(first), number > 0 else { return nil }
            return .event(number)
        }
    }
}
