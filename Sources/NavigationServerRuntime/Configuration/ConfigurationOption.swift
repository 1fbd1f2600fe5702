import EffectBackends
import FileStore
import NavigationAPI
import Sessions

/// One setting of ``ServerConfiguration``: its flag, its environment
/// variable, and how a text value is checked and stored.
struct ConfigurationOption: Sendable {
    /// Without the leading `--`, e.g. `port`.
    let name: String
    let environmentVariable: String
    /// What the value is, for usage and errors, e.g. `an integer in 0...65535`.
    let expectation: String
    let summary: String
    let defaultValue: @Sendable (ServerConfiguration) -> String
    /// Stores `text` and returns true, or returns false when it is not valid.
    let apply: @Sendable (inout ServerConfiguration, String) -> Bool
    /// For a repeatable flag: clears what the environment set, before the
    /// first flag's values are added, so flags still win.
    var resetBeforeFirstFlag: (@Sendable (inout ServerConfiguration) -> Void)? = nil
    /// Why `apply` refused a text, when the option can say more than
    /// ``expectation`` (which name is given twice, what is wrong with a URL).
    var reason: (@Sendable (ServerConfiguration, String) -> String?)? = nil

    var flag: String { "--" + name }

    /// The error for `text`, refused by ``apply`` on `configuration`; `source`
    /// is the flag or the environment variable it came from.
    func refusal(of text: String, from source: String, in configuration: ServerConfiguration) -> ConfigurationError {
        guard let reason = reason?(configuration, text) else { return .invalidValue(text, source: source, expected: expectation) }
        return .refusedValue(text, source: source, reason: reason)
    }

    /// An option holding an integer in `range`.
    static func integer(
        _ name: String, _ environmentVariable: String, in range: ClosedRange<Int>, _ summary: String,
        _ keyPath: WritableKeyPath<ServerConfiguration, Int> & Sendable
    ) -> ConfigurationOption {
        let bounds = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "in \(range.lowerBound)...\(range.upperBound)"
        return ConfigurationOption(
            name: name, environmentVariable: environmentVariable,
            expectation: "an integer " + bounds, summary: summary,
            defaultValue: { String($0[keyPath: keyPath]) },
            apply: { configuration, text in
                guard let value = Int(text), range.contains(value) else { return false }
                configuration[keyPath: keyPath] = value
                return true
            })
    }

    /// An option whose text `parse` turns into a value (nil: not valid) and
    /// `describe` turns back into text for `--help`. For an optional setting,
    /// `parse` must wrap a valid value (`.map(Optional.some)`), or an invalid
    /// text would be stored as "not set".
    static func value<Value>(
        _ name: String, _ environmentVariable: String, expecting expectation: String, _ summary: String,
        _ keyPath: WritableKeyPath<ServerConfiguration, Value> & Sendable,
        parse: @escaping @Sendable (String) -> Value?,
        describe: @escaping @Sendable (Value) -> String
    ) -> ConfigurationOption {
        ConfigurationOption(
            name: name, environmentVariable: environmentVariable,
            expectation: expectation, summary: summary,
            defaultValue: { describe($0[keyPath: keyPath]) },
            apply: { configuration, text in
                guard let value = parse(text) else { return false }
                configuration[keyPath: keyPath] = value
                return true
            })
    }

    /// The options of `navigation-server`, in the order `--help` lists them.
    static let all: [ConfigurationOption] = [
        .value(
            "host", "NAVIGATION_HOST", expecting: "an IPv4 or IPv6 literal or localhost",
            "Address to listen on (0.0.0.0 for every interface).", \.host,
            parse: { !$0.isEmpty && !$0.contains(" ") ? $0 : nil }, describe: { $0 }),
        .integer("port", "NAVIGATION_PORT", in: 0...65_535, "TCP port; 0 picks a free one.", \.port),
        .integer(
            "threads", "NAVIGATION_THREADS", in: 1...1024,
            "Worker threads (default: active cores; 4 per core with a Redis store, 16 with PostgreSQL).",
            \.threads),
        .integer(
            "max-sessions", "NAVIGATION_MAX_SESSIONS", in: 1...Int.max,
            "Sessions the store holds at once; beyond it POST /v1/sessions is 429.", \.maxSessions),
        .value(
            "session-ttl", "NAVIGATION_SESSION_TTL", expecting: "a positive number of seconds",
            "Seconds a session may stay idle before it expires.", \.sessionTTL,
            parse: SecondsText.parse, describe: SecondsText.format),
        .value(
            "create-rate", "NAVIGATION_CREATE_RATE", expecting: "a number in 0.001...1000000",
            "Sessions per second one client (IP address; IPv6 /64) may create after its burst; then POST /v1/sessions is 429.",
            \.createRate,
            parse: { Double($0).flatMap { $0.isFinite && CreationRate.perSecondRange.contains($0) ? $0 : nil } },
            describe: SecondsText.format),
        .integer(
            "create-burst", "NAVIGATION_CREATE_BURST", in: CreationRate.burstRange,
            "Sessions one client may create at once before --create-rate applies.", \.createBurst),
        .value(
            "trust-forwarded-for", "NAVIGATION_TRUST_FORWARDED_FOR", expecting: "true or false",
            "Count the creation rate per last X-Forwarded-For address; only behind a proxy that appends it.",
            \.trustForwardedFor,
            parse: { ["true": true, "false": false][$0] }, describe: { String($0) }),
        .value(
            "store", "NAVIGATION_STORE",
            expecting: "file:PATH, memory, redis://[user:password@]host:port[/db] or postgres://… (libpq's URI)",
            "Where session journals are kept; memory keeps nothing across a restart; redis:// and postgres:// are shared by several instances.",
            \.store,
            parse: { StoreLocation($0) }, describe: { $0.description }),
        .value(
            "fsync", "NAVIGATION_FSYNC", expecting: "always, everysec or no",
            "When the file store's writes reach the disk (Redis's appendfsync); a kill -9 loses nothing in every mode.",
            \.fsync, parse: { FsyncPolicy(rawValue: $0) }, describe: { $0.rawValue }),
        .value(
            "strict-permissions", "NAVIGATION_STRICT_PERMISSIONS", expecting: "true or false",
            "Refuse to start (exit 2) on a file store's data directory that others can write (group- or world-writable, or another user's); false: a warning.",
            \.strictPermissions,
            parse: { ["true": true, "false": false][$0] }, describe: { String($0) }),
        .integer(
            "max-cached-sessions", "NAVIGATION_MAX_CACHED_SESSIONS", in: 1...Int.max,
            "Session trees kept in memory (least recently used out; rebuilt from the journal on demand).",
            \.maxCachedSessions),
        .value(
            "document-ttl", "NAVIGATION_DOCUMENT_TTL", expecting: "a positive number of seconds",
            "Seconds a cached session keeps its rendered JSON document after its last request; then it is freed and rendered again on demand.",
            \.documentTTL,
            parse: SecondsText.parse, describe: SecondsText.format),
        .integer(
            "max-body-bytes", "NAVIGATION_MAX_BODY_BYTES", in: 1...Int.max,
            "Largest request body; larger ones are 413.", \.maxBodyBytes),
        .integer(
            "max-stack-depth", "NAVIGATION_MAX_STACK_DEPTH", in: 1...Int.max,
            "Screens one session shows, every tab and column included.", \.maxStackDepth),
        .integer(
            "max-history", "NAVIGATION_MAX_HISTORY", in: 1...Int.max,
            "History entries kept per session; the oldest are dropped.", \.maxHistory),
        .integer(
            "max-events", "NAVIGATION_MAX_EVENTS", in: 1...Int.max,
            "Events one session accepts in its life.", \.maxEventsPerSession),
        .integer(
            "max-session-bytes", "NAVIGATION_MAX_SESSION_BYTES", in: 1...Int.max,
            "Bytes of context, accepted events and screen params one session holds; beyond it 413.",
            \.maxSessionBytes),
        .integer(
            "max-connections", "NAVIGATION_MAX_CONNECTIONS", in: 1...Int(UInt32.max),
            "Simultaneous connections.", \.maxConnections),
        .value(
            "max-connections-per-client", "NAVIGATION_MAX_CONNECTIONS_PER_CLIENT", expecting: "an integer in 0...\(UInt32.max)",
            "Simultaneous connections from one IP address; further ones are closed unanswered; 0 is unlimited.",
            \.maxConnectionsPerClient,
            parse: { Int($0).flatMap { (0...Int(UInt32.max)).contains($0) ? $0 : nil }.map(Optional.some) },
            describe: { $0.map(String.init) ?? "a quarter of --max-connections" }),
        .integer(
            "max-streams", "NAVIGATION_MAX_STREAMS", in: 1...Int(UInt32.max),
            "Open live-update streams (each also holds one of --max-connections); beyond it 503.", \.maxStreams),
        .integer(
            "max-streams-per-session", "NAVIGATION_MAX_STREAMS_PER_SESSION", in: 1...Int(UInt32.max),
            "Open live-update streams on one session; beyond it 429.", \.maxStreamsPerSession),
        .value(
            "max-streams-per-client", "NAVIGATION_MAX_STREAMS_PER_CLIENT", expecting: "an integer at least 1",
            "Open live-update streams from one client (IP address; IPv6 /64); beyond it 429. Default: a tenth of --max-streams.",
            \.maxStreamsPerClient,
            parse: { Int($0).flatMap { $0 >= 1 ? .some($0) : nil } },
            describe: { $0.map(String.init) ?? "a tenth of --max-streams" }),
        .integer(
            "connection-timeout", "NAVIGATION_CONNECTION_TIMEOUT", in: 0...Int(UInt32.max),
            "Seconds an idle connection stays open; 0 is forever.", \.connectionTimeout),
        .integer(
            "connection-memory", "NAVIGATION_CONNECTION_MEMORY", in: 4096...1 << 20,
            "Bytes per connection for the request line, headers and I/O buffers; a request line or headers that do not fit get 414 or 431.",
            \.connectionMemory),
        .integer(
            "linger-seconds", "NAVIGATION_LINGER_SECONDS", in: 0...3600,
            "After an early error (413, 431), seconds the rest of the request is read and dropped so the client reads the answer; 0 is off.",
            \.lingerSeconds),
        .integer(
            "linger-bytes", "NAVIGATION_LINGER_BYTES", in: 0...Int.max,
            "Bytes read and dropped that way per request (chunked: past --max-body-bytes); beyond it the client is cut off.",
            \.lingerBytes),
        .value(
            "log-format", "NAVIGATION_LOG_FORMAT", expecting: "json or text",
            "Log lines on stderr (default: text on a terminal, else json).", \.logFormat,
            parse: { LogFormat(rawValue: $0).map(Optional.some) }, describe: { $0?.rawValue ?? "auto" }),
        .value(
            "log-level", "NAVIGATION_LOG_LEVEL", expecting: "debug, info, warn or error",
            "Least severe line logged; requests are info (503: warn, other 5xx: error).", \.logLevel,
            parse: { LogLevel(rawValue: $0) }, describe: { $0.rawValue }),
        .value(
            "drain-seconds", "NAVIGATION_DRAIN_SECONDS", expecting: "a number of seconds in 0...3600",
            "On SIGTERM, seconds /readyz is 503 while requests are still served, before the graceful stop.",
            \.drainSeconds,
            parse: { Double($0).flatMap { $0.isFinite && (0...3600).contains($0) ? $0 : nil } },
            describe: SecondsText.format),
        .value(
            "api-key", "NAVIGATION_API_KEY", expecting: "visible ASCII without spaces",
            "When set, every /v1 route needs Authorization: Bearer <key>; prefer the environment variable.",
            \.apiKey, parse: { APIKey($0).map(Optional.some) }, describe: { $0 == nil ? "none" : "set" }),
        .value(
            "protect-metrics", "NAVIGATION_PROTECT_METRICS", expecting: "true or false",
            "With --api-key, GET /metrics needs the key too.", \.protectsMetrics,
            parse: { ["true": true, "false": false][$0] }, describe: { String($0) }),
        .value(
            "allowed-hosts", "NAVIGATION_ALLOWED_HOSTS", expecting: "* or host names like app.example.com or .example.com, comma-separated",
            "Host names answered besides localhost and IP literals (DNS-rebinding defence); others get 421. Default: any with --api-key, else none.",
            \.allowedHosts, parse: { HostPolicy($0).map(Optional.some) },
            describe: { $0?.description ?? "* with --api-key, else local" }),
        .value(
            "auth", "NAVIGATION_AUTH", expecting: "none or jwt",
            "jwt: every /v1 request needs Authorization: Bearer <JWT> (or the API key), and a session exists only for the (iss, sub) that created it.",
            \.auth, parse: { AuthMode(rawValue: $0) }, describe: { $0.rawValue }),
        .value(
            "jwt-key", "NAVIGATION_JWT_KEY", expecting: "a file path",
            "With --auth jwt: the file of the HS256 secret (32 bytes or more), or of the RS256 or ES256 public key in PEM.",
            \.jwtKeyPath, parse: { $0.isEmpty ? nil : .some($0) }, describe: { $0 ?? "none" }),
        .value(
            "jwt-issuer", "NAVIGATION_JWT_ISSUER", expecting: "the exact iss of the tokens",
            "With --auth jwt: the iss every token must carry; unset, any (and it is part of the owner).",
            \.jwtIssuer, parse: { $0.isEmpty ? nil : .some($0) }, describe: { $0 ?? "any" }),
        .value(
            "jwt-audience", "NAVIGATION_JWT_AUDIENCE", expecting: "this server's audience name",
            "With --auth jwt: the aud every token must name; unset, tokens with an aud are refused.",
            \.jwtAudience, parse: { $0.isEmpty ? nil : .some($0) }, describe: { $0 ?? "none" }),
        ConfigurationOption(
            name: "cors-origin", environmentVariable: "NAVIGATION_CORS_ORIGIN",
            expectation: "origins like https://app.example.com (comma-separated or repeated), or *",
            summary: "Browser origins allowed to call the API (CORS); off when none.",
            defaultValue: { $0.corsOrigins.isEmpty ? "none" : $0.corsOrigins.joined(separator: ",") },
            apply: { configuration, text in
                guard let origins = CORSOrigins.parse(text) else { return false }
                configuration.corsOrigins += origins
                return true
            },
            resetBeforeFirstFlag: { $0.corsOrigins = [] }),
        ConfigurationOption(
            name: "backend", environmentVariable: "NAVIGATION_BACKENDS",
            expectation: "NAME=URL, an effect name (letters, digits, '.', '-', '_') and an http or https URL; comma-separated or repeated",
            summary:
                "The backend that performs effect NAME: an HTTP POST of its input as JSON, with Idempotency-Key. Replaces a built-in demo service of that name.",
            defaultValue: { $0.backends.isEmpty ? "none" : $0.backends.map { "\($0.name)=\($0.url)" }.joined(separator: ",") },
            apply: { configuration, text in (try? addBackends(text, to: &configuration)) != nil },
            resetBeforeFirstFlag: { $0.backends = [] },
            reason: { configuration, text in
                var configuration = configuration
                do throws(BackendConfigurationError) {
                    try addBackends(text, to: &configuration)
                    return nil
                } catch {
                    return error.description
                }
            }),
        .value(
            "flows", "NAVIGATION_FLOWS", expecting: "a directory",
            "Flow files to host beside the built-in flows: every *.json in the directory is one version of one flow (docs/flow-files.md). One problem in any stops the start.",
            \.flowsDirectory, parse: { $0.isEmpty ? nil : .some($0) }, describe: { $0 ?? "none" }),
        .flowVersions(
            "flow-version", "NAVIGATION_FLOW_VERSIONS", ramps: true,
            expecting:
                "NAME=V (the version new sessions start on) or NAME=V:PERCENT (a ramp: PERCENT of new sessions, 0 to 100, start on V); comma-separated or repeated",
            "Where new sessions of flow NAME start, instead of its highest hosted version: a rollback (NAME=V) or a ramp (NAME=V:PERCENT). Live sessions stay on the version they started on.",
            \.flowVersions),
        .flowVersions(
            "retire-flow", "NAVIGATION_RETIRED_FLOWS", ramps: false,
            expecting: "NAME=V, a hosted version of a flow; comma-separated or repeated",
            "Retires version V of flow NAME: no session starts on it, and each of its sessions is migrated to a newer version (or ended) when next touched; `journal migrate` migrates the rest.",
            \.retiredFlows),
        .value(
            "instance-lease", "NAVIGATION_INSTANCE_LEASE", expecting: "a number of seconds in 1...300",
            "With Redis: seconds this instance's announcement of the flow versions it hosts lasts, renewed every fifth of it; a killed instance counts this long, one stopped by SIGTERM not at all.",
            \.instanceLease, parse: { SecondsText.parse($0).flatMap { $0 >= 1 && $0 <= 300 ? $0 : nil } },
            describe: SecondsText.format),
        .value(
            "effect-timeout", "NAVIGATION_EFFECT_TIMEOUT", expecting: "a number of seconds in 0.001...3600",
            "Seconds an effect may take, retries included, before it fails as timed out; with Redis, also how long another instance waits before it performs an effect whose instance died.",
            \.effectTimeout, parse: { SecondsText.parse($0).flatMap { $0 >= 0.001 && $0 <= 3600 ? $0 : nil } },
            describe: SecondsText.format),
        .value(
            "effect-wait", "NAVIGATION_EFFECT_WAIT", expecting: "a number of seconds in 0...60",
            "Seconds the answer to a request that started effects waits for their outcomes; later outcomes reach clients on the stream.",
            \.effectWait, parse: { text in Double(text) == 0 ? 0 : SecondsText.parse(text).flatMap { $0 <= 60 ? $0 : nil } },
            describe: SecondsText.format),
    ]

    /// A repeatable option holding flow versions (`NAME=V`, and with
    /// `ramps` also `NAME=V:PERCENT`), comma-separated.
    static func flowVersions(
        _ name: String, _ environmentVariable: String, ramps: Bool, expecting expectation: String, _ summary: String,
        _ keyPath: WritableKeyPath<ServerConfiguration, [FlowVersionSelection]> & Sendable
    ) -> ConfigurationOption {
        ConfigurationOption(
            name: name, environmentVariable: environmentVariable, expectation: expectation, summary: summary,
            defaultValue: { $0[keyPath: keyPath].isEmpty ? "none" : $0[keyPath: keyPath].map(\.description).joined(separator: ",") },
            apply: { configuration, text in
                guard let versions = FlowVersionSelection.parseList(text), ramps || versions.allSatisfy({ $0.percent == nil }) else {
                    return false
                }
                configuration[keyPath: keyPath] += versions
                return true
            },
            resetBeforeFirstFlag: { $0[keyPath: keyPath] = [] })
    }

    /// Adds the routes of `text` (`NAME=URL`, comma-separated) to
    /// `configuration`'s backends; an effect name it already has, or has
    /// twice, is refused.
    static func addBackends(_ text: String, to configuration: inout ServerConfiguration) throws(BackendConfigurationError) {
        let routes = try BackendRoutes.parseList(text)
        guard !routes.isEmpty else { throw .emptyEntry }
        let names = Set(configuration.backends.map(\.name))
        if let repeated = routes.first(where: { names.contains($0.name) }) { throw .duplicateName(repeated.name) }
        configuration.backends += routes
    }
}

/// The values of `--cors-origin`: `*`, or `scheme://host[:port]` with no
/// path, separated by commas.
enum CORSOrigins {
    static func parse(_ text: String) -> [String]? {
        let origins = text.split(separator: ",").map { $0.trimmingSpaces() }
        guard !origins.isEmpty, origins.allSatisfy(isOrigin) else { return nil }
        return origins
    }

    private static func isOrigin(_ origin: String) -> Bool {
        if origin == "*" { return true }
        let parts = origin.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "http" || parts[0] == "https", !parts[1].isEmpty else { return false }
        return parts[1].utf8.allSatisfy { byte in
            (0x21...0x7E).contains(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: ",")
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
