import NavigationAPI

/// Why the command line or the environment could not be read; its
/// description is the one line `navigation-server` prints before exiting 2.
public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    /// `source` is the flag (`--port`) or the environment variable it came from.
    case invalidValue(String, source: String, expected: String)
    /// A value of the expected form, refused for `reason` (a name given twice, a URL's scheme).
    case refusedValue(String, source: String, reason: String)
    case unknownOption(String)
    case missingValue(String)
    case unexpectedArgument(String)
    /// Settings that are each valid but do not make sense together.
    case inconsistent(String)

    public var description: String {
        switch self {
        case .invalidValue(let value, let source, let expected):
            "invalid value '\(Self.maskingCredentials(value))' for \(source): expected \(expected)"
        case .refusedValue(let value, let source, let reason):
            "invalid value '\(Self.maskingCredentials(value))' for \(source): \(Self.maskingCredentials(reason))"
        case .unknownOption(let option):
            "unknown option '\(option)'; see --help"
        case .missingValue(let flag):
            "\(flag) needs a value, e.g. \(flag)=<value>; see --help"
        case .unexpectedArgument(let argument):
            "unexpected argument '\(argument)'; options start with --, see --help"
        case .inconsistent(let reason):
            reason
        }
    }

    /// `value` with the password of a `scheme://user:password@…` URL, and
    /// the value of a `password=` or `sslpassword=` setting in its query
    /// (libpq's URIs take them there too), replaced by `***`: a mistyped
    /// `--store` URL is echoed, its credential never.
    static func maskingCredentials(_ value: String) -> String {
        let masked = maskingQueryPasswords(value)
        guard let scheme = masked.range(of: "://"), let at = masked[scheme.upperBound...].lastIndex(of: "@") else { return masked }
        let credentials = masked[scheme.upperBound..<at]
        let user = credentials.firstIndex(of: ":").map { credentials[..<$0] + ":" } ?? ""
        return String(masked[..<scheme.upperBound]) + user + "***" + String(masked[at...])
    }

    /// `value` with whatever follows each `password=` up to the next `&`
    /// replaced by `***`.
    private static func maskingQueryPasswords(_ value: String) -> String {
        var rest = Substring(value)
        var masked = ""
        while let setting = rest.range(of: "password=") {
            masked += rest[..<setting.upperBound] + "***"
            rest = rest[setting.upperBound...]
            rest = rest[(rest.firstIndex(of: "&") ?? rest.endIndex)...]
        }
        return masked + rest
    }
}
