/// The words the session document gives people when a flow gives none: a
/// screen's `title`, an event's `label` and `role`, a field's `label`. All
/// of them come from the contract names, here and nowhere else.
///
/// | what | from | e.g. |
/// | --- | --- | --- |
/// | a screen's title | its name | `forgotPassword` → "Forgot password" |
/// | an event's label | its name | `select` → "Select"; `back` → "Back", `dismiss` → "Close", `selectTab` → "Select tab" |
/// | an event's role | its name | `cancel` for `back`, `dismiss` and `cancel`; none otherwise |
/// | a field's label | its name | `email` → "Email" |
///
/// No role is guessed from any other name, nor from an event's place on
/// the screen: which event is the screen's primary one, or destroys
/// something, only the flow knows.
///
/// Each is worked out once: a screen's title when it is first rendered, an
/// event's label and role when it is declared, a field's label when its
/// ``EventFields`` are built (once per `static let`). Renders copy them.
public enum DefaultWording {
    /// A screen's title when its flow gives none: its name made readable.
    public static func title(ofScreen name: String) -> String {
        readable(name)
    }

    /// An event's label when its flow gives none: the reserved events'
    /// own words ("Back", "Close", "Select tab"), else the name made readable.
    public static func label(ofEvent name: String) -> String {
        switch ReservedEvent(named: name) {
        case .back: "Back"
        case .dismiss: "Close"
        case .selectTab: "Select tab"
        case nil: readable(name)
        }
    }

    /// An event's role when its flow gives none: `cancel` for the user's own
    /// `back` and `dismiss` and for an event named `cancel`; no role otherwise.
    public static func role(ofEvent name: String) -> EventRole? {
        switch name {
        case ReservedEvent.back.rawValue, ReservedEvent.dismiss.rawValue, "cancel": .cancel
        default: nil
        }
    }

    /// A payload field's label when its flow gives none: its name made readable.
    public static func label(ofField name: String) -> String {
        readable(name)
    }

    /// `name` as people read it: words split at `_`, `-`, spaces and
    /// lowercase-to-uppercase steps, the first capitalized, the others in
    /// lowercase unless they are acronyms. `forgotPassword` → "Forgot
    /// password", `mailSettings` → "Mail settings", `openURL` → "Open URL",
    /// `open_in-app` → "Open in app". The same words as the client library's
    /// `ReadableName`, so a client that falls back to its own agrees.
    public static func readable(_ name: String) -> String {
        var words: [String.UnicodeScalarView] = []
        var word = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in name.unicodeScalars {
            if scalar == "_" || scalar == "-" || scalar == " " {
                if !word.isEmpty { words.append(word) }
                word = String.UnicodeScalarView()
            } else if scalar.properties.isUppercase, let previous,
                previous.properties.isLowercase || previous.properties.numericType != nil
            {
                words.append(word)
                word = String.UnicodeScalarView([scalar])
            } else {
                word.append(scalar)
            }
            previous = scalar
        }
        if !word.isEmpty { words.append(word) }
        guard let first = words.first, let initial = first.first else { return name }
        var text = initial.properties.uppercaseMapping + String(first.dropFirst())
        for word in words.dropFirst() {
            let isAcronym = word.allSatisfy { !$0.properties.isLowercase }
            text += " " + (isAcronym ? String(word) : String(word).lowercased())
        }
        return text
    }
}
