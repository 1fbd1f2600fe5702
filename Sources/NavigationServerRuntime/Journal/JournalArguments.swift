import PostgresStore
import Sessions

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
        /// Migrates every live session of a version `retired` names.
        case migrate(retired: [FlowVersionSelection])
        /// Replays every live session, or `sample` of them
        /// (``JournalReplayCommand/sampled(_:count:)``), against the binary's flows.
        case replay(sample: Int?)
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
    /// The PostgreSQL store every subcommand but `compact` and `repair` reads instead, from `--store`
    /// or `NAVIGATION_STORE=postgres://…` (unless `--data` is given).
    var postgres: PostgresURL?

    /// - Parameters:
    ///   - storeSetting: the value of `NAVIGATION_STORE`, if set.
    ///   - retiredSetting: the value of `NAVIGATION_RETIRED_FLOWS`, if set:
    ///     what `migrate` retires when no `--retire-flow` is given.
    init(parsing arguments: [String], storeSetting: String?, retiredSetting: String? = nil) throws(JournalCommandError) {
        dataDirectory = Self.defaultDataDirectory(storeSetting: storeSetting)
        postgres = storeSetting.flatMap(PostgresURL.init)
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            subcommand = .help
            return
        }
        var words: [String] = []
        var since: Int?
        var flow: FlowFilter?
        var retired: [FlowVersionSelection] = []
        var sample: Int?
        var sources: Set<String> = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                words.append(argument)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard ["--data", "--store", "--since", "--flow", "--retire-flow", "--sample"].contains(name) else {
                throw .usage("unknown option \(name)")
            }
            guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty else { throw .usage("\(name) needs a value") }
            if name == "--data" || name == "--store" { sources.insert(name) }
            if name == "--data" {
                dataDirectory = value
                postgres = nil
            } else if name == "--store" {
                guard let url = PostgresURL(value) else {
                    throw .usage(
                        "--store needs a postgres:// or postgresql:// URI libpq accepts, not '\(ConfigurationError.maskingCredentials(value))'"
                    )
                }
                postgres = url
            } else if name == "--retire-flow" {
                guard let versions = FlowVersionSelection.parseList(value), versions.allSatisfy({ $0.percent == nil }) else {
                    throw .usage("--retire-flow needs NAME=V, not '\(value)'")
                }
                retired += versions
            } else if name == "--flow" {
                guard let filter = FlowFilter(value) else { throw .usage("--flow needs NAME or NAME@VERSION, not '\(value)'") }
                flow = filter
            } else if name == "--sample" {
                guard let number = Int(value), number >= 1 else {
                    throw .usage("--sample needs a number of sessions (1 or more), not '\(value)'")
                }
                sample = number
            } else {
                guard let number = Int(value), number >= 0 else { throw .usage("--since needs a version (0 or more), not '\(value)'") }
                since = number
            }
        }
        guard let name = words.first else { throw .usage("missing subcommand: list, print, verify, replay, compact, repair or migrate") }
        let operands = words.dropFirst()
        if since != nil && name != "print" { throw .usage("--since is an option of print only") }
        if flow != nil && name != "list" { throw .usage("--flow is an option of list only") }
        if !retired.isEmpty && name != "migrate" { throw .usage("--retire-flow is an option of migrate only") }
        if sample != nil && name != "replay" { throw .usage("--sample is an option of replay only") }
        if sources.count == 2 { throw .usage("--data and --store name two journals: give one") }
        if postgres != nil && ["compact", "repair"].contains(name) {
            throw .usage(
                "\(name) works on a file store's data directory (--data); PostgreSQL keeps no segments (VACUUM is its own compaction, and verify names what a team's SQL broke)"
            )
        }
        switch name {
        case "list": subcommand = .list(flow: flow)
        case "verify": subcommand = .verify
        case "replay": subcommand = .replay(sample: sample)
        case "compact": subcommand = .compact
        case "repair": subcommand = .repair
        case "migrate":
            if retired.isEmpty, let retiredSetting, !retiredSetting.isEmpty {
                guard let versions = FlowVersionSelection.parseList(retiredSetting), versions.allSatisfy({ $0.percent == nil }) else {
                    throw .usage("NAVIGATION_RETIRED_FLOWS needs NAME=V, not '\(retiredSetting)'")
                }
                retired = versions
            }
            guard !retired.isEmpty else { throw .usage("migrate needs the versions it retires: --retire-flow NAME=V") }
            subcommand = .migrate(retired: retired)
        case "print":
            guard let id = operands.first else { throw .usage("print needs a session id") }
            subcommand = .print(sessionID: id.lowercased(), since: since ?? 0)
            if let extra = operands.dropFirst().first { throw .usage("unexpected argument '\(extra)'") }
            return
        default:
            throw .usage("unknown subcommand '\(name)': use list, print, verify, replay, compact, repair or migrate")
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
