import Coordination
import EffectBackends
import FileStore
import HTTPCore
import NavigationAPI
import Sessions

/// Everything `navigation-server` can be told: where to listen and every
/// limit, from flags and the environment (see ``ConfigurationParser``).
///
/// The defaults are those of `HTTPServerConfiguration` and `SessionLimits`.
public struct ServerConfiguration: Sendable, Equatable {
    public var host: String
    /// 0 picks a free port.
    public var port: Int
    public var threads: Int
    public var maxSessions: Int
    /// Seconds a session may stay idle before it expires.
    public var sessionTTL: Double
    public var maxBodyBytes: Int
    public var maxStackDepth: Int
    public var maxHistory: Int
    public var maxEventsPerSession: Int
    /// Where session journals are kept.
    public var store: StoreLocation
    /// When the file store's writes reach the disk.
    public var fsync: FsyncPolicy
    /// Whether a file store's data directory that others can write stops
    /// the start (exit 2) instead of a warning.
    public var strictPermissions: Bool
    /// Session trees kept in memory.
    public var maxCachedSessions: Int
    /// Seconds a cached session keeps its rendered document after its last request.
    public var documentTTL: Double
    /// Bytes of context, accepted events and screen params one session may hold.
    public var maxSessionBytes: Int
    /// Simultaneous connections, open live streams included; by default
    /// ``defaultMaxConnections``.
    public var maxConnections: Int
    /// Simultaneous connections from one IP address; 0 means unlimited,
    /// `nil` ``defaultMaxConnectionsPerClient(maxConnections:)``.
    public var maxConnectionsPerClient: Int?
    /// Idle seconds before a connection is closed; 0 means never.
    public var connectionTimeout: Int
    /// Bytes per connection for the request line, headers and I/O buffers;
    /// see `HTTPServerConfiguration.connectionMemoryLimitBytes`.
    public var connectionMemory: Int
    /// Seconds, then bytes, the server keeps reading and dropping what a
    /// client still sends after an early answer (a 413, a 431), so that the
    /// client reads it; see `HTTPServerConfiguration.lingeringSeconds`.
    /// 0 seconds turns lingering off.
    public var lingerSeconds: Int
    public var lingerBytes: Int
    /// `nil`: text when stderr is a terminal, JSON otherwise.
    public var logFormat: LogFormat?
    public var logLevel: LogLevel
    /// Seconds between a stop signal and the graceful stop, during which
    /// `/readyz` is 503 while requests are still served.
    public var drainSeconds: Double
    /// When set, every `/v1` route needs `Authorization: Bearer <key>`.
    public var apiKey: APIKey?
    /// With ``apiKey``, `GET /metrics` needs the key too.
    public var protectsMetrics: Bool
    /// Browser origins allowed by CORS; empty (the default) turns CORS off.
    public var corsOrigins: [String]
    /// Sessions per second one client may create, after its burst.
    public var createRate: Double
    /// Sessions one client may create at once.
    public var createBurst: Int
    /// Whether the creation rate's client is the last `X-Forwarded-For` address.
    public var trustForwardedFor: Bool
    /// Open live-update streams across the server; past it 503.
    public var maxStreams: Int
    /// Open live-update streams on one session; past it 429.
    public var maxStreamsPerSession: Int
    /// Open live-update streams from one client; past it 429. Nil: a tenth
    /// of ``maxStreams``.
    public var maxStreamsPerClient: Int?
    /// `Host` names answered; nil: any with an API key or tokens, else the local forms.
    public var allowedHosts: HostPolicy?
    /// How `/v1` callers prove who they are besides the API key.
    public var auth: AuthMode
    /// With `--auth jwt`: the file of the key tokens are verified with, and
    /// the `iss` and `aud` they must carry.
    public var jwtKeyPath: String?
    public var jwtIssuer: String?
    public var jwtAudience: String?
    /// The backends that perform effects, by effect name (`--backend NAME=URL`).
    public var backends: [BackendRoute]
    /// Seconds an effect may take before it is `timedOut` (and, with a
    /// shared store, before another instance performs it).
    public var effectTimeout: Double
    /// Seconds the answer to a request that started effects waits for their outcomes.
    public var effectWait: Double
    /// The directory of flow files (`--flows DIR`): each `*.json` in it one
    /// version of one flow, hosted beside the flows the process was given.
    public var flowsDirectory: String?
    /// Where new sessions of a flow start, when not on its highest hosted
    /// version: `--flow-version NAME=V` (a rollback) and `NAME=V:PERCENT` (a ramp).
    public var flowVersions: [FlowVersionSelection]
    /// Flow versions retired (`--retire-flow NAME=V`): their sessions are
    /// migrated to a newer version, or ended, when next touched.
    public var retiredFlows: [FlowVersionSelection]
    /// Seconds the lease on this instance's announcement of its flow
    /// versions lasts in a shared store (`--instance-lease`), renewed every
    /// fifth of it: how long a killed instance still counts.
    public var instanceLease: Double

    /// The defaults.
    public init() {
        let http = HTTPServerConfiguration()
        let limits = SessionLimits.default
        host = http.host
        port = http.port
        threads = http.threads
        maxSessions = limits.maxSessions
        sessionTTL = limits.idleTimeout
        maxBodyBytes = http.maxBodyBytes
        maxStackDepth = limits.maxStackDepth
        maxHistory = limits.maxHistoryLength
        maxEventsPerSession = limits.maxEventsPerSession
        store = .default
        fsync = .everysec
        strictPermissions = false
        maxCachedSessions = limits.maxCachedSessions
        documentTTL = limits.documentIdleTimeout
        maxSessionBytes = limits.maxSessionBytes
        maxConnections = Self.defaultMaxConnections
        maxConnectionsPerClient = nil
        connectionTimeout = http.connectionTimeoutSeconds
        connectionMemory = http.connectionMemoryLimitBytes
        lingerSeconds = http.lingeringSeconds
        lingerBytes = http.lingeringDiscardBytes
        logFormat = nil
        logLevel = .info
        drainSeconds = 0
        apiKey = nil
        protectsMetrics = false
        corsOrigins = []
        createRate = CreationRate.default.perSecond
        createBurst = CreationRate.default.burst
        trustForwardedFor = false
        maxStreams = StreamOptions().maxStreams
        maxStreamsPerSession = StreamOptions().maxStreamsPerSession
        maxStreamsPerClient = nil
        allowedHosts = nil
        auth = .none
        jwtKeyPath = nil
        jwtIssuer = nil
        jwtAudience = nil
        backends = []
        effectTimeout = EffectOptions().timeout
        effectWait = EffectOptions().answerWait
        flowsDirectory = nil
        flowVersions = []
        retiredFlows = []
        instanceLease = 10
    }

    /// The default `--max-connections`, 16,384: the default `--max-streams`
    /// (10,000) and 6,384 other connections.
    public static let defaultMaxConnections = 16_384

    /// The default `--max-connections-per-client`: a quarter of
    /// `--max-connections` (4,096 of the default 16,384), so that one
    /// address holding all it may leaves three quarters to everyone else.
    public static func defaultMaxConnectionsPerClient(maxConnections: Int) -> Int {
        max(1, maxConnections / 4)
    }

    /// The limit per IP address in force: the one given, else the default.
    public var effectiveMaxConnectionsPerClient: Int {
        maxConnectionsPerClient ?? Self.defaultMaxConnectionsPerClient(maxConnections: maxConnections)
    }

    /// The HTTP layer's part.
    public var httpServerConfiguration: HTTPServerConfiguration {
        var http = HTTPServerConfiguration()
        http.host = host
        http.port = port
        http.threads = threads
        http.maxBodyBytes = maxBodyBytes
        http.connectionLimit = maxConnections
        http.perIPConnectionLimit = effectiveMaxConnectionsPerClient
        http.connectionTimeoutSeconds = connectionTimeout
        http.connectionMemoryLimitBytes = connectionMemory
        http.lingeringSeconds = lingerSeconds
        http.lingeringDiscardBytes = lingerBytes
        return http
    }

    /// The registry's part.
    public var sessionLimits: SessionLimits {
        var limits = SessionLimits()
        limits.maxSessions = maxSessions
        limits.idleTimeout = sessionTTL
        limits.maxStackDepth = maxStackDepth
        limits.maxHistoryLength = maxHistory
        limits.maxEventsPerSession = maxEventsPerSession
        limits.maxCachedSessions = maxCachedSessions
        limits.documentIdleTimeout = documentTTL
        limits.maxSessionBytes = maxSessionBytes
        return limits
    }

    /// How the registry performs effects: `performers` (in-process ones,
    /// such as the built-in flows' demo services), and the timeout and wait.
    public func effectOptions(performers: [EffectPerformer]) -> EffectOptions {
        EffectOptions(performers: performers, timeout: effectTimeout, answerWait: effectWait)
    }

    /// The API's part: access control and the creation rate.
    public var apiOptions: NavigationAPI.Options {
        NavigationAPI.Options(
            apiKey: apiKey, protectsMetrics: protectsMetrics, cors: CORSPolicy(allowedOrigins: corsOrigins),
            creationRate: CreationRate(perSecond: createRate, burst: createBurst),
            trustForwardedFor: trustForwardedFor,
            streams: StreamOptions(
                maxStreams: maxStreams, maxStreamsPerSession: maxStreamsPerSession, maxStreamsPerClient: maxStreamsPerClient),
            allowedHosts: allowedHosts ?? (auth == .jwt ? .any : nil))
    }

    /// The default `--threads` with a Redis or PostgreSQL store: four per
    /// active core (measured with Redis). A round trip to the store holds
    /// its worker thread (hiredis and the store's libpq calls wait), so
    /// one thread per core leaves cores idle while commands are in flight;
    /// on two cores, 8 threads served GETs about 25% faster than 4, and 16
    /// or 32 no faster than 8 (`make bench`, README "Several instances").
    public static var threadsForRemoteStore: Int {
        min(1024, 4 * HTTPServerConfiguration().threads)
    }

    /// The default `--threads` with a PostgreSQL store: sixteen per active
    /// core. An append's thread waits for its commit's WAL flush, and the
    /// appends waiting together go in one pipeline and one commit, so more
    /// threads waiting means fewer commits per event: on two cores, 32
    /// threads served about 1.6-1.8x the events of 8 (bench/README.md,
    /// "The PostgreSQL store: measurements").
    public static var threadsForPostgresStore: Int {
        min(1024, 16 * HTTPServerConfiguration().threads)
    }

    /// Seconds between sweeps of idle sessions: often enough that an expired
    /// session's memory is freed soon after its TTL, at most every 30 s.
    public var sweepInterval: Double {
        min(max(sessionTTL / 4, 0.1), 30)
    }

    /// Seconds between passes that free idle sessions' documents: a
    /// document is freed between one and one and a half `--document-ttl`
    /// after its session's last request, at most 30 s late.
    public var documentSweepInterval: Double {
        min(max(documentTTL / 2, 0.1), 30)
    }
}
