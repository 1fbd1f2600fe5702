/// The words after `navigation-server journal`, parsed.
///
/// Options may come before or after the subcommand, as `--name value` or
/// `--name=value`; `--help` (or `-h`) anywhere asks for the usage text.
struct JournalArguments: Equatable {
    enum Subcommand: Equatable {
        case help
        /// Every session, or those of one flow (and version) only.
        case list(flow: FlowFilter?)
        /// The records of `sessionID` with a version greater than `since`.
        case print(sessionID: String, since: Int)
        case verify
        case compact
        case repair
    }

    /// `--flow NAME` or `--flow NAME@V` of `list`: the sessions of one
    /// flow, or of one version of it.
    struct FlowFilter: Equatable {
        let name: String
        let version: Int?

        /// Parses `NAME` or `NAME@V` (V a version from 1); nil otherwise.
        init?(_ text: String) {
            let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            guard !parts[0].isEmpty else { return nil }
            name = String(parts[0])
            if parts.count == 2 {
                guard let version = Int(parts[1]), version >= 1, parts[1].allSatisfy(\.isASCII) else { return nil }
                self.version = version
            } else {
                version = nil
            }
        }

        /// Whether a session of `flow` at `version` is listed.
        func matches(flow: String, version: Int) -> Bool {
            flow == name && (self.version == nil || self.version == version)
        }
    }

    var subcommand: Subcommand
    /// The data directory, from `--data`, `NAVIGATION_STORE=file:PATH` or `./data`.
    var dataDirectory: String

    /// - Parameter storeSetting: the value of `NAVIGATION_STORE`, if set.
    init(parsing arguments: [String], storeSetting: String?) throws(JournalCommandError) {
        dataDirectory = Self.defaultDataDirectory(storeSetting: storeSetting)
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            subcommand = .help
            return
        }
        var words: [String] = []
        var since: Int?
        var flow: FlowFilter?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                words.append(argument)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard ["--data", "--since", "--flow"].contains(name) else { throw .usage("unknown option \(name)") }
            guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty else { throw .usage("\(name) needs a value") }
            if name == "--data" {
                dataDirectory = value
            } else if name == "--flow" {
                guard let filter = FlowFilter(value) else { throw .usage("--flow needs NAME or NAME@VERSION, not '\(value)'") }
                flow = filter
            } else {
                guard let number = Int(value), number >= 0 else { throw .usage("--since needs a version (0 or more), not '\(value)'") }
                since = number
            }
        }
        guard let name = words.first else { throw .usage("missing subcommand: list, print, verify, compact or repair") }
        let operands = words.dropFirst()
        if since != nil && name != "print" { throw .usage("--since is an option of print only") }
        if flow != nil && name != "list" { throw .usage("--flow is an option of list only") }
        switch name {
        case "list": subcommand = .list(flow: flow)
        case "verify": subcommand = .verify
        case "compact": subcommand = .compact
        case "repair": subcommand = .repair
        case "print":
            guard let id = operands.first else { throw .usage("print needs a session id") }
            subcommand = .print(sessionID: id.lowercased(), since: since ?? 0)
            if let extra = operands.dropFirst().first { throw .usage("unexpected argument '\(extra)'") }
            return
        default:
            throw .usage("unknown subcommand '\(name)': use list, print, verify, compact or repair")
        }
        if let extra = operands.first { throw .usage("unexpected argument '\(extra)'") }
    }

    /// `PATH` of `NAVIGATION_STORE=file:PATH`; `./data` (the server's
    /// default store) when the variable is unset, empty or another store.
    static func defaultDataDirectory(storeSetting: String?) -> String {
        guard let setting = storeSetting, setting.hasPrefix("file:"), setting.count > "file:".count else { return "./data" }
        return String(setting.dropFirst("file:".count))
    }

    /// `--name=value` into its parts; `--name` alone has no inline value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
