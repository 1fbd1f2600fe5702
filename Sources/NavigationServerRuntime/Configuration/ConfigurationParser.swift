import NavigationAPI

/// Reads ``ServerConfiguration`` from command-line arguments and the
/// environment. A flag wins over its environment variable, which wins over
/// the default; an empty environment variable counts as unset.
///
/// Flags take `--name value` or `--name=value`. `--help` (or `-h`) anywhere
/// asks for ``usage`` instead of a configuration, whatever else is wrong.
public enum ConfigurationParser {
    /// What the process should do.
    public enum Command: Sendable, Equatable {
        case run(ServerConfiguration)
        case showHelp
    }

    /// - Parameter arguments: the arguments after the program name.
    public static func parse(
        arguments: [String], environment: [String: String]
    ) throws(ConfigurationError) -> Command {
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .showHelp }
        var configuration = ServerConfiguration()
        for option in ConfigurationOption.all {
            guard let text = environment[option.environmentVariable], !text.isEmpty else { continue }
            guard option.apply(&configuration, text) else {
                throw option.refusal(of: text, from: option.environmentVariable, in: configuration)
            }
        }
        var remaining = arguments[...]
        var flagsSeen: Set<String> = []
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else { throw .unexpectedArgument(argument) }
            let (name, inlineValue) = split(argument)
            guard let option = ConfigurationOption.all.first(where: { $0.flag == name }) else {
                throw .unknownOption(name)
            }
            guard let text = inlineValue ?? remaining.popFirst() else { throw .missingValue(option.flag) }
            if flagsSeen.insert(option.name).inserted {
                option.resetBeforeFirstFlag?(&configuration)
            }
            guard option.apply(&configuration, text) else {
                throw option.refusal(of: text, from: option.flag, in: configuration)
            }
        }
        let threadsGiven = flagsSeen.contains("threads") || environment["NAVIGATION_THREADS"].map { !$0.isEmpty } == true
        if !threadsGiven, configuration.store.isRemote {
            if case .postgres = configuration.store {
                configuration.threads = ServerConfiguration.threadsForPostgresStore
            } else {
                configuration.threads = ServerConfiguration.threadsForRemoteStore
            }
        }
        if configuration.auth == .jwt && configuration.jwtKeyPath == nil {
            throw .inconsistent("--auth jwt needs --jwt-key: the file of the HS256 secret, or of the RS256 or ES256 public key in PEM")
        }
        if configuration.auth != .jwt
            && (configuration.jwtKeyPath != nil || configuration.jwtIssuer != nil || configuration.jwtAudience != nil)
        {
            throw .inconsistent("--jwt-key, --jwt-issuer and --jwt-audience take effect with --auth jwt only")
        }
        if configuration.protectsMetrics && configuration.apiKey == nil {
            throw .inconsistent("--protect-metrics needs --api-key: without a key there is nothing to protect /metrics with")
        }
        return .run(configuration)
    }

    /// Every environment variable the parser reads, so a caller can collect
    /// just those (e.g. with `getenv`) instead of the whole environment.
    public static var environmentVariables: [String] {
        ConfigurationOption.all.map(\.environmentVariable)
    }

    /// The `--help` text: every flag with its environment variable and default.
    public static var usage: String {
        let defaults = ServerConfiguration()
        var lines = [
            "usage: navigation-server [options]",
            "",
            "Serves coordinator-driven navigation sessions over HTTP (see /openapi.yaml).",
            "Every option can also be set by its environment variable; a flag wins.",
            "",
            "options:",
        ]
        for option in ConfigurationOption.all {
            lines.append("  \(option.flag) <value>  (env \(option.environmentVariable), default \(option.defaultValue(defaults)))")
            lines.append("      \(option.summary) Must be \(option.expectation).")
        }
        lines.append("  --help  Show this text and exit.")
        lines.append("")
        lines.append("navigation-server healthcheck [--host <host>] [--port <port>]")
        lines.append("      Exits 0 when GET /healthz on the configured address answers 200, else 1")
        lines.append("      (0.0.0.0 and :: are probed on loopback). For container health checks.")
        lines.append("")
        lines.append("navigation-server journal list|print <id>|verify|replay|compact|repair|migrate [--data <dir>|--store <postgres-uri>]")
        lines.append(
            "      Inspects, compacts or repairs a data directory; list, print and verify also a running server's (journal --help).")
        lines.append("")
        lines.append("navigation-server flows check [--backend NAME[=URL]]... PATH...")
        lines.append("      Checks flow files as --flows does, without starting a server; exits 1 with every problem (flows --help).")
        lines.append("")
        lines.append("navigation-server flows schema")
        lines.append("      Prints the JSON Schema (draft 2020-12) of the flow-file format (flows --help).")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `--name=value` into its parts; `--name` alone has no inline value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
