/// Why a `--backend NAME=URL` value or the `NAVIGATION_BACKENDS` list was
/// refused; `description` is one sentence an operator can act on.
public enum BackendConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An entry without `=` between the name and the URL.
    case missingEquals(entry: String)
    /// An empty entry in a list (`a=http://x,,b=http://y`).
    case emptyEntry
    /// The effect name breaks the rules of ``BackendRoute/validateName(_:)``.
    case invalidName(name: String, reason: String)
    /// The URL is not an absolute `http` or `https` URL a backend can have.
    case invalidURL(url: String, reason: String)
    /// The same effect name twice in one list (or in the flags).
    case duplicateName(String)

    public var description: String {
        switch self {
        case .missingEquals(let entry):
            "'\(Self.quoted(entry))' is not NAME=URL (for example auth.login=http://127.0.0.1:9000/login)"
        case .emptyEntry:
            "an entry of the backend list is empty (entries are NAME=URL, separated by commas)"
        case .invalidName(let name, let reason):
            "the effect name '\(Self.quoted(name))' \(reason)"
        case .invalidURL(let url, let reason):
            "the backend URL '\(Self.quoted(url))' \(reason)"
        case .duplicateName(let name):
            "the effect name '\(Self.quoted(name))' is given more than once"
        }
    }

    /// The first 100 characters of what the operator wrote, control
    /// characters shown as `?`, so a message stays one readable line.
    private static func quoted(_ text: String) -> String {
        let limit = 100
        let visible = String(
            String.UnicodeScalarView(text.unicodeScalars.prefix(limit).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
        return text.unicodeScalars.count > limit ? visible + "…" : visible
    }
}
