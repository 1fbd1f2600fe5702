/// One effect name and the backend that performs it: a `--backend NAME=URL`
/// value, or one entry of `NAVIGATION_BACKENDS`.
public struct BackendRoute: Sendable, Hashable {
    /// The longest effect name accepted.
    public static let maxNameLength = 128

    /// The effect's name, e.g. `auth.login`.
    public let name: String
    public let url: BackendURL

    public init(name: String, url: BackendURL) throws(BackendConfigurationError) {
        try Self.validateName(name)
        self.name = name
        self.url = url
    }

    /// Parses `NAME=URL`. The name ends at the first `=`, so the URL may
    /// hold more (`auth.login=http://h/login?v=2`).
    public init(parsing assignment: String) throws(BackendConfigurationError) {
        guard let equals = assignment.firstIndex(of: "=") else { throw .missingEquals(entry: assignment) }
        let name = String(assignment[..<equals])
        try Self.validateName(name)
        try self.init(name: name, url: BackendURL(String(assignment[assignment.index(after: equals)...])))
    }

    /// An effect name is 1 to ``maxNameLength`` ASCII letters, digits, `.`,
    /// `-` and `_`, starting with a letter: `auth.login`, `payments.charge`.
    public static func validateName(_ name: String) throws(BackendConfigurationError) {
        func refuse(_ reason: String) -> BackendConfigurationError { .invalidName(name: name, reason: reason) }
        guard let first = name.utf8.first else { throw refuse("is empty") }
        if name.utf8.count > maxNameLength { throw refuse("is longer than \(maxNameLength) characters") }
        guard isLetter(first) else { throw refuse("must start with a letter") }
        let allowed = name.utf8.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x5F }
        guard allowed else { throw refuse("may hold only letters, digits, '.', '-' and '_'") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
