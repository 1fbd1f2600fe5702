import NavigationClient

/// The command line of `navigation-client`, read by hand (the package has no argument parser).
struct ClientArguments: Equatable {
    enum Target: Equatable {
        /// Start a session of a flow.
        case flow(String, context: JSONObject?)
        /// Attach to a session that exists.
        case session(String)
    }

    var server = "http://127.0.0.1:8080"
    var apiKey: String?
    var target: Target
    /// A deep link to open: at creation with a flow, right after attaching with a session.
    var link: String?
    /// Print the session once and exit.
    var printOnly = false

    static let usage = """
        usage: navigation-client [--server URL] [--api-key KEY] --flow NAME [--context JSON] [--link PATH] [--print]
               navigation-client [--server URL] [--api-key KEY] --session ID [--link PATH] [--print]

          --server URL     the server (default http://127.0.0.1:8080)
          --api-key KEY    sent as a bearer token (default: $NAVIGATION_API_KEY)
          --flow NAME      start a session of this flow
          --context JSON   the flow's start context, a JSON object, e.g. '{"onboarded": true}'
          --session ID     attach to a session that exists (another device's, say)
          --link PATH      open a deep link, e.g. /rates/USD
          --print          print the session once and exit
        """

    /// An argument the command does not understand; its description is what the person reads.
    struct Problem: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// What `-h` and `--help` throw: the usage, which is no mistake.
    static let helpRequested = Problem(description: usage)

    /// The arguments after the program name; `environment` supplies `NAVIGATION_API_KEY`.
    static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(Problem) -> ClientArguments {
        var values: [String: String] = [:]
        var printOnly = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            switch name {
            case "--print":
                guard inlineValue == nil else { throw Problem(description: "--print takes no value") }
                printOnly = true
            case "--server", "--api-key", "--flow", "--context", "--session", "--link":
                guard values[name] == nil else { throw Problem(description: "\(name) is given twice") }
                guard let value = inlineValue ?? remaining.popFirst() else { throw Problem(description: "\(name) needs a value") }
                values[name] = value
            case "-h", "--help":
                throw helpRequested
            default:
                throw Problem(description: "unknown argument '\(argument)'\n\(usage)")
            }
        }
        let target: Target
        switch (values["--flow"], values["--session"]) {
        case (.some, .some): throw Problem(description: "give --flow or --session, not both")
        case (nil, nil): throw Problem(description: "give --flow NAME or --session ID\n\(usage)")
        case (nil, .some(let session)):
            guard values["--context"] == nil else { throw Problem(description: "--context goes with --flow") }
            target = .session(session)
        case (.some(let flow), nil):
            target = .flow(flow, context: try values["--context"].map(Self.context))
        }
        var parsed = ClientArguments(target: target, link: values["--link"], printOnly: printOnly)
        if let server = values["--server"] {
            guard server.hasPrefix("http://") || server.hasPrefix("https://") else {
                throw Problem(description: "--server must be an http:// or https:// URL, not '\(server)'")
            }
            parsed.server = server
        }
        parsed.apiKey = values["--api-key"] ?? environment["NAVIGATION_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        return parsed
    }

    private static func context(_ text: String) throws(Problem) -> JSONObject {
        guard let value = try? JSONValue(parsing: text) else { throw Problem(description: "--context is not JSON: \(text)") }
        guard case .object(let object) = value else { throw Problem(description: "--context must be a JSON object") }
        return object
    }
}
