/// One screen of a session: what to draw (`name`, `params`) and what it accepts (`events`).
public struct Screen: Codable, Sendable, Hashable, Identifiable {
    /// Unique in the session and stable for the screen's life, e.g. `s2`.
    public var id: String
    /// The name an app renders by, e.g. `calculator`.
    public var name: String
    public var presentation: Presentation
    /// The id of the coordinator that showed it.
    public var coordinator: String
    /// The screen's current state, its view model's output.
    public var params: JSONObject
    /// What it accepts now: declared events, then `back`, `dismiss` and `selectTab` where allowed.
    public var events: [EventDeclaration]
    /// A title for people, when the flow gives one.
    public var title: String?

    public init(
        id: String, name: String, presentation: Presentation = .push, coordinator: String = "", params: JSONObject = [:],
        events: [EventDeclaration] = [], title: String? = nil
    ) {
        self.id = id
        self.name = name
        self.presentation = presentation
        self.coordinator = coordinator
        self.params = params
        self.events = events
        self.title = title
    }

    /// Decodes `params` into the app's own type, e.g. `screen.params(as: Calculator.self)`.
    public func params<T: Decodable>(as type: T.Type) throws -> T {
        try JSONValueDecoder().decode(type, from: .object(params))
    }

    /// The title, or else the name made readable (`forgotPassword` reads "Forgot password").
    public var displayTitle: String { title ?? ReadableName.of(name) }

    public func event(named name: String) -> EventDeclaration? {
        events.first { $0.name == name }
    }

    public func accepts(_ event: String) -> Bool { self.event(named: event) != nil }
}

/// How a screen was shown.
///
/// A value a newer server may send that this library does not know is
/// `other` and is drawn as a push.
public enum Presentation: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    case root
    case push
    case sheet
    case fullScreen
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "root": self = .root
        case "push": self = .push
        case "sheet": self = .sheet
        case "fullScreen": self = .fullScreen
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .root: "root"
        case .push: "push"
        case .sheet: "sheet"
        case .fullScreen: "fullScreen"
        case .other(let value): value
        }
    }

    /// A `sheet` or `fullScreen` opens a modal; the pushes after it belong to that modal.
    public var isModal: Bool { self == .sheet || self == .fullScreen }

    public var description: String { rawValue }
}
