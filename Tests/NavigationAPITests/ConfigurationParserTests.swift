import NavigationAPI
import PostgresStore
import Sessions
import TestSupport
import Testing

@testable import NavigationServerRuntime

@Suite("Configuration: flags, environment, defaults", .timeLimit(.minutes(10)), .hangGuard)
struct ConfigurationParserTests {
    private func configuration(
        _ arguments: [String] = [], _ environment: [String: String] = [:]
    ) throws -> ServerConfiguration {
        guard case .run(let configuration) = try ConfigurationParser.parse(arguments: arguments, environment: environment)
        else { throw ConfigurationError.unexpectedArgument("help") }
        return configuration
    }

    private func error(_ arguments: [String], _ environment: [String: String] = [:]) -> ConfigurationError? {
        do {
            _ = try ConfigurationParser.parse(arguments: arguments, environment: environment)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Defaults

    @Test func defaultsMatchTheLayersBelow() throws {
        let defaults = try configuration()
        #expect(defaults == ServerConfiguration())
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.port == 8080)
        #expect(defaults.threads >= 1)
        #expect(defaults.sessionLimits == .default)
        #expect(defaults.httpServerConfiguration.maxBodyBytes == 1 << 20)
        #expect(defaults.maxSessionBytes == 1_048_576)
        #expect(defaults.httpServerConfiguration.lingeringSeconds == 5)
        #expect(defaults.httpServerConfiguration.lingeringDiscardBytes == 8 << 20)
        #expect(defaults.sweepInterval == 30)
        #expect(defaults.documentTTL == 5)
        #expect(defaults.documentSweepInterval == 2.5)
        #expect(defaults.connectionMemory == 16 * 1024)
        #expect(defaults.httpServerConfiguration.connectionMemoryLimitBytes == 16 * 1024)
    }

    // MARK: - Sources

    @Test func everyOptionReadsItsFlagInBothSpellings() throws {
        let parsed = try configuration([
            "--host", "0.0.0.0", "--port=0", "--threads", "3", "--max-sessions=5", "--session-ttl", "60",
            "--max-body-bytes", "2048", "--max-stack-depth", "8", "--max-history=16", "--max-events", "100",
            "--max-connections", "64", "--max-connections-per-client", "4", "--connection-timeout=7",
            "--max-session-bytes=4096", "--connection-memory", "32768",
            "--linger-seconds", "2", "--linger-bytes=4096", "--document-ttl", "0.5",
        ])
        #expect(parsed.host == "0.0.0.0")
        #expect(parsed.port == 0)
        #expect(parsed.threads == 3)
        #expect(parsed.maxSessions == 5)
        #expect(parsed.sessionTTL == 60)
        #expect(parsed.sweepInterval == 15)
        #expect(parsed.maxBodyBytes == 2048)
        #expect(parsed.maxStackDepth == 8)
        #expect(parsed.maxHistory == 16)
        #expect(parsed.maxEventsPerSession == 100)
        #expect(parsed.maxSessionBytes == 4096)
        #expect(parsed.sessionLimits.documentIdleTimeout == 0.5)
        #expect(parsed.documentSweepInterval == 0.25)
        #expect(parsed.maxConnections == 64)
        #expect(parsed.maxConnectionsPerClient == 4)
        #expect(parsed.connectionTimeout == 7)
        #expect(parsed.connectionMemory == 32768)
        #expect((parsed.lingerSeconds, parsed.lingerBytes) == (2, 4096))
        let http = parsed.httpServerConfiguration
        #expect((http.host, http.port, http.threads, http.maxBodyBytes) == ("0.0.0.0", 0, 3, 2048))
        #expect((http.connectionLimit, http.perIPConnectionLimit, http.connectionTimeoutSeconds) == (64, 4, 7))
        #expect((http.lingeringSeconds, http.lingeringDiscardBytes) == (2, 4096))
        #expect(http.connectionMemoryLimitBytes == 32768)
        let limits = parsed.sessionLimits
        #expect((limits.maxSessions, limits.idleTimeout, limits.maxStackDepth) == (5, 60, 8))
        #expect((limits.maxHistoryLength, limits.maxEventsPerSession, limits.maxSessionBytes) == (16, 100, 4096))
    }

    /// One address may hold a quarter of the connections unless told
    /// otherwise, whatever `--max-connections` is; 0 lifts the limit.
    @Test func connectionsPerClientDefaultToAQuarterOfAllConnections() throws {
        let defaults = try configuration()
        #expect(defaults.maxConnectionsPerClient == nil)
        #expect(defaults.httpServerConfiguration.connectionLimit == 16_384)
        #expect(defaults.httpServerConfiguration.perIPConnectionLimit == 4096)
        #expect(try configuration(["--max-connections", "1000"]).httpServerConfiguration.perIPConnectionLimit == 250)
        #expect(try configuration([], ["NAVIGATION_MAX_CONNECTIONS": "40"]).httpServerConfiguration.perIPConnectionLimit == 10)
        #expect(try configuration(["--max-connections", "3"]).httpServerConfiguration.perIPConnectionLimit == 1)
        let given = try configuration(["--max-connections-per-client", "7", "--max-connections", "1000"])
        #expect(given.httpServerConfiguration.perIPConnectionLimit == 7)
        #expect(try configuration(["--max-connections-per-client=0"]).httpServerConfiguration.perIPConnectionLimit == 0)
        #expect(
            ConfigurationParser.usage.contains(
                "--max-connections-per-client <value>  (env NAVIGATION_MAX_CONNECTIONS_PER_CLIENT, default a quarter of --max-connections)")
        )
        // The flag's old name is gone, not silently ignored.
        #expect(error(["--max-connections-per-ip", "4"]) == .unknownOption("--max-connections-per-ip"))
    }

    @Test func storeOptionsTakeFileMemoryAndTheFsyncPolicies() throws {
        let defaults = ServerConfiguration()
        #expect(defaults.store == .file(path: "./data"))
        #expect(defaults.fsync == .everysec)
        #expect(!defaults.strictPermissions)
        #expect(try configuration(["--strict-permissions", "true"]).strictPermissions)
        #expect(try !configuration(["--strict-permissions=false"], ["NAVIGATION_STRICT_PERMISSIONS": "true"]).strictPermissions)
        #expect(ConfigurationParser.usage.contains("--strict-permissions <value>  (env NAVIGATION_STRICT_PERMISSIONS, default false)"))
        #expect(try configuration(["--store", "memory"]).store == .memory)
        #expect(try configuration(["--store=file:relative/dir", "--fsync", "no"]).store == .file(path: "relative/dir"))
        for bad in [
            ["--store", "file:"], ["--store", "disk"], ["--store", "redis"], ["--fsync", "sometimes"], ["--max-cached-sessions", "0"],
            ["--strict-permissions", "yes"], ["--strict-permissions", "1"],
        ] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try ConfigurationParser.parse(arguments: bad, environment: [:]) }
        }
    }

    /// libpq's own URI, under either scheme, is the PostgreSQL store, kept
    /// as given for libpq and shown with its password masked.
    @Test func aPostgresURIIsThePostgresStore() throws {
        let text = "postgresql://app:s3cret@db1:5433,db2:5434/journals?target_session_attrs=read-write"
        let store = try configuration(["--store", text]).store
        guard case .postgres(let url) = store else {
            Issue.record("\(store) is not the PostgreSQL store")
            return
        }
        #expect(url == PostgresURL(text))
        #expect(url.setting("host") == "db1,db2")
        #expect(store.description == "postgresql://app:***@db1:5433,db2:5434/journals?target_session_attrs=read-write")
        #expect(
            try configuration([], ["NAVIGATION_STORE": "postgres://localhost/journals"]).store
                == .postgres(try #require(PostgresURL("postgres://localhost/journals"))))
        // An append's thread waits for the commit; appends waiting together share one.
        #expect(try configuration(["--store", text]).threads == 16 * ServerConfiguration().threads)
        #expect(try configuration(["--store", text, "--threads", "3"]).threads == 3)
        let refused = "postgresql://app:s3cret@db/x?nosuchsetting=1&password=s3cret&sslmode=require"
        let message = "\(error(["--store", refused]) ?? .unknownOption("none"))"
        #expect(!message.contains("s3cret"), "\(message)")
        #expect(message.contains("postgresql://app:***@db/x?nosuchsetting=1&password=***&sslmode=require"), "\(message)")
    }

    @Test func environmentSetsEveryOption() throws {
        let parsed = try configuration(
            [],
            [
                "NAVIGATION_HOST": "::1", "NAVIGATION_PORT": "9000", "NAVIGATION_THREADS": "4",
                "NAVIGATION_MAX_SESSIONS": "7", "NAVIGATION_SESSION_TTL": "0.5", "NAVIGATION_MAX_BODY_BYTES": "10",
                "NAVIGATION_STORE": "file:/tmp/journal", "NAVIGATION_FSYNC": "always", "NAVIGATION_MAX_CACHED_SESSIONS": "3",
                "NAVIGATION_MAX_STACK_DEPTH": "3", "NAVIGATION_MAX_HISTORY": "9", "NAVIGATION_MAX_EVENTS": "11",
                "NAVIGATION_MAX_CONNECTIONS": "12", "NAVIGATION_MAX_CONNECTIONS_PER_CLIENT": "0",
                "NAVIGATION_CONNECTION_TIMEOUT": "0", "NAVIGATION_API_KEY": "k", "NAVIGATION_CORS_ORIGIN": "*",
                "NAVIGATION_PROTECT_METRICS": "true",
                "NAVIGATION_MAX_SESSION_BYTES": "2048",
                "NAVIGATION_LINGER_SECONDS": "0", "NAVIGATION_LINGER_BYTES": "0",
                "NAVIGATION_MAX_STREAMS": "13", "NAVIGATION_MAX_STREAMS_PER_SESSION": "4",
                "NAVIGATION_DOCUMENT_TTL": "120", "NAVIGATION_CONNECTION_MEMORY": "4096",
                "NAVIGATION_MAX_STREAMS_PER_CLIENT": "5", "NAVIGATION_ALLOWED_HOSTS": ".example.com",
                "NAVIGATION_AUTH": "jwt", "NAVIGATION_JWT_KEY": "/etc/jwt.pem", "NAVIGATION_JWT_ISSUER": "https://id.example",
                "NAVIGATION_JWT_AUDIENCE": "navigation", "NAVIGATION_STRICT_PERMISSIONS": "true",
                "NAVIGATION_BACKENDS": "auth.login=http://127.0.0.1:9100/login, payments.charge=https://pay.example/charge",
                "NAVIGATION_EFFECT_TIMEOUT": "2.5", "NAVIGATION_EFFECT_WAIT": "0",
                "NAVIGATION_FLOW_VERSIONS": "app=1, exchange=2:30", "NAVIGATION_RETIRED_FLOWS": "mail=1",
                "NAVIGATION_INSTANCE_LEASE": "4.5", "NAVIGATION_FLOWS": "/etc/navigation-server/flows",
            ])
        #expect(parsed.host == "::1")
        #expect(parsed.port == 9000)
        #expect(parsed.threads == 4)
        #expect(parsed.maxSessions == 7)
        #expect(parsed.sessionTTL == 0.5)
        #expect(parsed.maxBodyBytes == 10)
        #expect(parsed.maxStackDepth == 3)
        #expect(parsed.maxHistory == 9)
        #expect(parsed.maxEventsPerSession == 11)
        #expect(parsed.maxSessionBytes == 2048)
        #expect(parsed.maxConnections == 12)
        #expect(parsed.maxConnectionsPerClient == 0)
        #expect(parsed.httpServerConfiguration.perIPConnectionLimit == 0)
        #expect(parsed.connectionTimeout == 0)
        #expect(parsed.apiKey == APIKey("k"))
        #expect(parsed.corsOrigins == ["*"])
        #expect(parsed.protectsMetrics)
        #expect((parsed.lingerSeconds, parsed.lingerBytes) == (0, 0))
        // One variable per option: a new option must be counted (and tested) here.
        #expect(parsed.store == .file(path: "/tmp/journal"))
        #expect(parsed.fsync == .always)
        #expect(parsed.sessionLimits.maxCachedSessions == 3)
        #expect((parsed.apiOptions.streams.maxStreams, parsed.apiOptions.streams.maxStreamsPerSession) == (13, 4))
        #expect(parsed.documentTTL == 120)
        #expect(parsed.documentSweepInterval == 30)
        #expect(parsed.connectionMemory == 4096)
        #expect(parsed.apiOptions.streams.maxStreamsPerClient == 5)
        #expect(parsed.apiOptions.allowedHosts == HostPolicy(".example.com"))
        #expect(parsed.auth == .jwt)
        #expect((parsed.jwtKeyPath, parsed.jwtIssuer, parsed.jwtAudience) == ("/etc/jwt.pem", "https://id.example", "navigation"))
        #expect(parsed.strictPermissions)
        #expect(
            parsed.backends.map { "\($0.name)=\($0.url)" } == [
                "auth.login=http://127.0.0.1:9100/login", "payments.charge=https://pay.example/charge",
            ])
        #expect((parsed.effectTimeout, parsed.effectWait) == (2.5, 0))
        #expect(parsed.flowVersions.map(\.description) == ["app=1", "exchange=2:30"])
        #expect(parsed.retiredFlows.map(\.description) == ["mail=1"])
        #expect(parsed.instanceLease == 4.5)
        #expect(parsed.flowsDirectory == "/etc/navigation-server/flows")
        #expect(ConfigurationParser.environmentVariables.count == 45)
    }

    /// `--instance-lease` is a number of seconds from 1 to 300, 10 by default.
    @Test func theInstanceLeaseIsBounded() throws {
        #expect(try configuration().instanceLease == 10)
        #expect(try configuration(["--instance-lease", "1"]).instanceLease == 1)
        #expect(try configuration(["--instance-lease", "300"]).instanceLease == 300)
        for bad in ["0.5", "301", "0", "-2", "ten", ""] {
            #expect(throws: ConfigurationError.self) { try configuration(["--instance-lease", bad]) }
        }
    }

    /// `--flow-version` is repeatable and comma-separated, and its flags
    /// replace what the environment set; a value that is not NAME=V or
    /// NAME=V:PERCENT names the flag and what it expects.
    @Test func flowVersionsAddUpAndFlagsReplaceTheEnvironment() throws {
        let parsed = try configuration(
            ["--flow-version", "app=3", "--flow-version=notes=2:10,mail=1"], ["NAVIGATION_FLOW_VERSIONS": "exchange=1"])
        #expect(parsed.flowVersions.map(\.description) == ["app=3", "notes=2:10", "mail=1"])
        #expect(try configuration().flowVersions.isEmpty)
        for bad in ["app", "app=0", "app=2:101", "app=2,", "app=two"] {
            #expect(throws: ConfigurationError.self) { try configuration(["--flow-version", bad]) }
        }
        #expect(try configuration(["--retire-flow", "app=1,notes=2"]).retiredFlows.map(\.description) == ["app=1", "notes=2"])
        // A ramp's percentage means nothing to a retirement.
        #expect(throws: ConfigurationError.self) { try configuration(["--retire-flow", "app=1:10"]) }
    }

    /// A Redis round trip holds a worker thread: with a Redis store the
    /// default is four threads per core; a thread count given wins.
    @Test func aRedisStoreDefaultsToFourThreadsPerCore() throws {
        let cores = ServerConfiguration().threads
        #expect(try configuration(["--store", "redis://127.0.0.1:6380"]).threads == 4 * cores)
        #expect(try configuration([], ["NAVIGATION_STORE": "redis://127.0.0.1:6380"]).threads == 4 * cores)
        #expect(try configuration(["--store", "redis://127.0.0.1:6380", "--threads", "3"]).threads == 3)
        #expect(try configuration(["--store", "redis://127.0.0.1:6380"], ["NAVIGATION_THREADS": "5"]).threads == 5)
        #expect(try configuration(["--store", "memory"]).threads == cores)
    }

    @Test func flagWinsOverEnvironment() throws {
        let parsed = try configuration(["--port", "1234"], ["NAVIGATION_PORT": "4321", "NAVIGATION_THREADS": "2"])
        #expect(parsed.port == 1234)
        #expect(parsed.threads == 2)
        #expect(try configuration([], ["NAVIGATION_PORT": ""]).port == 8080)
    }

    @Test func laterFlagWins() throws {
        #expect(try configuration(["--port", "1", "--port=2"]).port == 2)
    }

    @Test func helpIsAskedFor() throws {
        #expect(try ConfigurationParser.parse(arguments: ["--port", "1", "--help"], environment: [:]) == .showHelp)
        #expect(try ConfigurationParser.parse(arguments: ["-h"], environment: ["NAVIGATION_PORT": "x"]) == .showHelp)
        #expect(try ConfigurationParser.parse(arguments: ["--bogus", "--help"], environment: [:]) == .showHelp)
    }

    @Test func usageListsEveryFlagWithItsEnvironmentVariableAndDefault() {
        let usage = ConfigurationParser.usage
        for variable in ConfigurationParser.environmentVariables {
            #expect(usage.contains("env \(variable), default "), "\(variable)")
        }
        for flag in [
            "--host", "--port", "--threads", "--max-sessions", "--session-ttl", "--max-body-bytes",
            "--max-stack-depth", "--max-history", "--max-connections", "--max-connections-per-client",
            "--connection-timeout", "--max-session-bytes", "--linger-seconds", "--linger-bytes",
            "--connection-memory", "--help",
        ] {
            #expect(usage.contains(flag + " "), "\(flag)")
        }
        #expect(usage.contains("--port <value>  (env NAVIGATION_PORT, default 8080)"))
    }

    // MARK: - Errors

    @Test(arguments: [
        (["--port", "abc"], "--port"), (["--port=70000"], "--port"), (["--port", "-1"], "--port"),
        (["--threads", "0"], "--threads"), (["--session-ttl", "0"], "--session-ttl"),
        (["--session-ttl=nan"], "--session-ttl"), (["--max-sessions", "1.5"], "--max-sessions"),
        (["--max-body-bytes="], "--max-body-bytes"), (["--host", ""], "--host"),
        (["--max-connections-per-client", "-3"], "--max-connections-per-client"),
        (["--max-connections-per-client", "4294967296"], "--max-connections-per-client"),
        (["--max-connections-per-client=1.5"], "--max-connections-per-client"),
        (["--max-session-bytes", "0"], "--max-session-bytes"),
        (["--linger-seconds", "3601"], "--linger-seconds"), (["--linger-bytes", "-1"], "--linger-bytes"),
        (["--document-ttl", "0"], "--document-ttl"), (["--document-ttl=-1"], "--document-ttl"),
        (["--document-ttl", "inf"], "--document-ttl"),
        (["--connection-memory", "4095"], "--connection-memory"), (["--connection-memory=1048577"], "--connection-memory"),
    ])
    func badFlagValueIsAnError(arguments: [String], source: String) {
        guard case .invalidValue(_, let reported, _) = error(arguments) else {
            Issue.record("expected invalidValue for \(arguments)")
            return
        }
        #expect(reported == source)
    }

    @Test func badEnvironmentValueIsAnErrorNamingTheVariable() {
        let failure = error([], ["NAVIGATION_MAX_SESSIONS": "many"])
        #expect(failure == .invalidValue("many", source: "NAVIGATION_MAX_SESSIONS", expected: "an integer at least 1"))
        #expect(failure?.description == "invalid value 'many' for NAVIGATION_MAX_SESSIONS: expected an integer at least 1")
        // A good flag does not excuse a bad environment variable.
        #expect(error(["--port", "1"], ["NAVIGATION_PORT": "x"]) != nil)
    }

    @Test func unknownOptionsMissingValuesAndStrayArgumentsAreErrors() {
        #expect(error(["--prot", "1"]) == .unknownOption("--prot"))
        #expect(error(["--port"]) == .missingValue("--port"))
        #expect(error(["serve"]) == .unexpectedArgument("serve"))
        #expect(error(["-p", "1"]) == .unexpectedArgument("-p"))
        for failure in [error(["--prot"]), error(["--port"]), error(["x"])] {
            let text = failure?.description ?? ""
            #expect(!text.isEmpty && !text.contains("\n"))
        }
    }

    // MARK: - Operations

    @Test func logAndDrainOptionsComeFromFlagsAndEnvironment() throws {
        let defaults = try configuration()
        #expect(defaults.logFormat == nil)
        #expect(defaults.logLevel == .info)
        #expect(defaults.drainSeconds == 0)
        let flags = try configuration(["--log-format", "text", "--log-level=debug", "--drain-seconds", "2.5"])
        #expect((flags.logFormat, flags.logLevel, flags.drainSeconds) == (.text, .debug, 2.5))
        let environment = try configuration(
            [], ["NAVIGATION_LOG_FORMAT": "json", "NAVIGATION_LOG_LEVEL": "error", "NAVIGATION_DRAIN_SECONDS": "0"])
        #expect((environment.logFormat, environment.logLevel, environment.drainSeconds) == (.json, .error, 0))
    }

    @Test func badLogAndDrainValuesAreErrors() {
        #expect(error(["--log-format", "xml"]) == .invalidValue("xml", source: "--log-format", expected: "json or text"))
        #expect(
            error(["--log-level", "verbose"])
                == .invalidValue("verbose", source: "--log-level", expected: "debug, info, warn or error"))
        #expect(
            error(["--drain-seconds", "-1"])
                == .invalidValue("-1", source: "--drain-seconds", expected: "a number of seconds in 0...3600"))
        #expect(error([], ["NAVIGATION_DRAIN_SECONDS": "forever"]) != nil)
    }

    // MARK: - Creation rate

    @Test func theStreamsOfAClientAreATenthOfTheServersUnlessSet() throws {
        #expect(try configuration([]).apiOptions.streams.maxStreamsPerClient == 1_000)
        #expect(try configuration(["--max-streams", "50"]).apiOptions.streams.maxStreamsPerClient == 5)
        #expect(try configuration(["--max-streams-per-client=7"]).apiOptions.streams.maxStreamsPerClient == 7)
        #expect(error(["--max-streams-per-client", "0"]) != nil)
    }

    @Test func allowedHostsAreLocalWithoutAKeyAndAnyWithOne() throws {
        #expect(try configuration([]).apiOptions.allowedHosts == .local)
        #expect(try configuration(["--api-key", "k"]).apiOptions.allowedHosts == .any)
        #expect(try configuration(["--api-key", "k", "--allowed-hosts", "a.example"]).apiOptions.allowedHosts == HostPolicy("a.example"))
        #expect(try configuration(["--allowed-hosts", "*"]).apiOptions.allowedHosts == .any)
        #expect(error(["--allowed-hosts", "not a host"]) != nil)
    }

    @Test func tokenAuthNeedsAKeyFileAndItsFlagsNeedTokenAuth() throws {
        #expect(try configuration([]).auth == .none)
        let jwt = try configuration(["--auth", "jwt", "--jwt-key", "k.pem"])
        #expect(jwt.auth == .jwt && jwt.jwtKeyPath == "k.pem")
        // Any Host with tokens, as with a key: a page cannot send either.
        #expect(jwt.apiOptions.allowedHosts == .any)
        #expect(error(["--auth", "jwt"]) != nil)
        #expect(error(["--jwt-key", "k.pem"]) != nil)
        #expect(error(["--jwt-issuer", "i"]) != nil)
        #expect(error(["--auth", "basic"]) != nil)
    }

    @Test func creationRateOptionsReachTheAPI() throws {
        let defaults = try configuration().apiOptions
        #expect(defaults.creationRate == CreationRate(perSecond: 5, burst: 100))
        #expect(!defaults.trustForwardedFor)
        let flags = try configuration(["--create-rate", "0.5", "--create-burst=7", "--trust-forwarded-for", "true"]).apiOptions
        #expect(flags.creationRate == CreationRate(perSecond: 0.5, burst: 7))
        #expect(flags.trustForwardedFor)
        let environment = try configuration(
            [],
            [
                "NAVIGATION_CREATE_RATE": "20", "NAVIGATION_CREATE_BURST": "1", "NAVIGATION_TRUST_FORWARDED_FOR": "false",
            ]
        ).apiOptions
        #expect(environment.creationRate == CreationRate(perSecond: 20, burst: 1))
        #expect(!environment.trustForwardedFor)
        let usage = ConfigurationParser.usage
        #expect(usage.contains("--create-rate <value>  (env NAVIGATION_CREATE_RATE, default 5)"))
        #expect(usage.contains("--create-burst <value>  (env NAVIGATION_CREATE_BURST, default 100)"))
        #expect(usage.contains("--trust-forwarded-for <value>  (env NAVIGATION_TRUST_FORWARDED_FOR, default false)"))
    }

    @Test(arguments: [
        (["--create-rate", "0"], "--create-rate"), (["--create-rate=-1"], "--create-rate"),
        (["--create-rate", "nan"], "--create-rate"), (["--create-rate", "inf"], "--create-rate"),
        (["--create-rate", "0.0001"], "--create-rate"), (["--create-rate", "2000000"], "--create-rate"),
        (["--create-burst", "0"], "--create-burst"), (["--create-burst", "2.5"], "--create-burst"),
        (["--create-burst", "1000001"], "--create-burst"), (["--trust-forwarded-for", "yes"], "--trust-forwarded-for"),
    ])
    func badCreationRateValueIsAnError(arguments: [String], source: String) {
        guard case .invalidValue(_, let reported, _) = error(arguments) else {
            Issue.record("expected invalidValue for \(arguments)")
            return
        }
        #expect(reported == source)
    }
}
