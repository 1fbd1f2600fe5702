/// Which backend performs which effect: the `--backend NAME=URL` flags over
/// the `NAVIGATION_BACKENDS` environment variable.
public struct BackendRoutes: Sendable, Equatable {
    /// Each effect name's backend.
    public private(set) var urls: [String: BackendURL]

    /// Routes from the flags' values and the environment variable's value
    /// (`nil` or blank when it is not set). A name given in both takes the
    /// flag's URL: a flag on the command line overrides the environment, as
    /// every other setting does. A name twice among the flags, or twice in
    /// the variable, is an error.
    public init(flagValues: [String] = [], environmentValue: String? = nil) throws(BackendConfigurationError) {
        urls = [:]
        for route in try Self.parseList(environmentValue ?? "") {
            urls[route.name] = route.url
        }
        var flagged: Set<String> = []
        for value in flagValues {
            let route = try BackendRoute(parsing: value)
            guard flagged.insert(route.name).inserted else { throw .duplicateName(route.name) }
            urls[route.name] = route.url
        }
    }

    /// The backend for `effectName`, or `nil` when none is configured.
    public subscript(effectName: String) -> BackendURL? { urls[effectName] }

    /// Parses `name=url,name=url` (the form of `NAVIGATION_BACKENDS`).
    /// Spaces around entries are ignored; a blank value is no routes. A URL
    /// in this list cannot hold a comma: percent-encode it as `%2C`, or use
    /// the `--backend` flag.
    public static func parseList(_ value: String) throws(BackendConfigurationError) -> [BackendRoute] {
        if value.allSatisfy({ $0 == " " || $0 == "\t" }) { return [] }
        var routes: [BackendRoute] = []
        var names: Set<String> = []
        for entry in value.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = entry.trimmingBlanks()
            guard !trimmed.isEmpty else { throw .emptyEntry }
            let route = try BackendRoute(parsing: String(trimmed))
            guard names.insert(route.name).inserted else { throw .duplicateName(route.name) }
            routes.append(route)
        }
        return routes
    }
}
