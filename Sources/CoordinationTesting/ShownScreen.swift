/// One screen of a session's stack as a client sees it: a value, so that a
/// test compares what was shown before and after an event.
public struct ShownScreen: Equatable, Sendable, CustomStringConvertible {
    /// The screen's id in the session document (`s1`, `s2`, …).
    public let id: String
    public let name: String
    /// The title the document shows (the flow's, or the name made readable).
    public let title: String
    public let params: JSONObject
    public let presentation: Presentation

    public init(id: String, name: String, title: String, params: JSONObject, presentation: Presentation) {
        self.id = id
        self.name = name
        self.title = title
        self.params = params
        self.presentation = presentation
    }

    init(_ entry: NavigationStack.Entry) {
        self.init(
            id: entry.screen.id ?? "", name: entry.screen.name, title: entry.screen.title, params: entry.screen.params,
            presentation: entry.presentation)
    }

    /// `name:presentation`, e.g. `calculator:push`.
    public var description: String { "\(name):\(presentation.rawValue)" }
}
