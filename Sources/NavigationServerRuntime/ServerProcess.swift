import Coordination
import Dispatch
import EffectBackends
import HTTPCore
import NavigationAPI
import Platform
import Sessions
import Synchronization

/// The life of a navigation server process: configuration from flags and
/// the environment, start, the idle-session sweep, and a graceful stop on
/// SIGINT or SIGTERM.
///
/// `navigation-server` is this with the built-in flows. To serve your own,
/// make an executable that depends on `NavigationServerRuntime` and calls
/// ``run(flows:arguments:)`` from its `main.swift`:
///
/// ```swift
/// import Flows
/// import NavigationServerRuntime
///
/// ServerProcess.run(flows: BuiltinFlows.all + [notesFlow], effects: BuiltinFlows.performers)
/// ```
///
/// `effects` perform, in this process, the effects your flows ask for
/// (``EffectPerformer``); a `--backend NAME=URL` replaces the one of that
/// name with an HTTP backend. An effect no performer takes fails as
/// `unavailable`.
public enum ServerProcess {
    /// Seconds in-flight requests get to finish once a stop signal arrives.
    static let stopDeadlineSeconds = 5.0

    /// Serves `flows` until a stop signal, then exits 0; never returns.
    /// `arguments` are the flags after the program name (`--help` lists them).
    ///
    /// `healthcheck` as the first argument probes a running server instead
    /// (see ``HealthCheck``) and exits 0 when it is healthy, 1 when not.
    public static func run(
        flows: [Flow], effects: [EffectPerformer] = [], arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) -> Never {
        if arguments.first == "journal" {
            JournalCommand.run(Array(arguments.dropFirst()), flows: flows + journalFlowFiles(beside: flows))
        }
        if arguments.first == "flows" {
            FlowsCommand.run(Array(arguments.dropFirst()), flows: flows, effects: effects)
        }
        if arguments.first == "healthcheck" {
            checkHealth(readConfiguration(arguments: Array(arguments.dropFirst())))
        }
        let configuration = readConfiguration(arguments: arguments)
        let swiftFlows = flows
        let flows = flows + flowFiles(of: configuration, beside: flows, effects: effects)
        // Every version of a flow once, and each --flow-version naming a
        // hosted one: checked before anything starts.
        let hosted: HostedFlows
        do {
            hosted = try HostedFlows(
                flows, selections: configuration.flowVersions, retired: configuration.retiredFlows,
                sourceCompiler: FlowFileLoading.flow(ofKept:))
        } catch {
            StandardStream.error.writeLine("navigation-server: \(error)")
            exit(2)
        }
        // The token key is read before anything starts: a missing or weak
        // one stops the start with one line.
        var options = configuration.apiOptions
        do {
            options.tokens = try TokenKeyLoading.authority(for: configuration)
        } catch {
            StandardStream.error.writeLine("navigation-server: \(error)")
            exit(2)
        }
        let logger = Logger(format: configuration.logFormat, level: configuration.logLevel)
        // Watch for stop signals before anything else: a signal that arrives
        // while starting, or right after the listening line, must not be lost.
        let stopRequested = DispatchSemaphore(value: 0)
        let lastSignal = Atomic<Int32>(0)
        let signalSources = [SIGINT, SIGTERM].map { signalNumber in
            watch(signalNumber) {
                lastSignal.store(signalNumber, ordering: .relaxed)
                stopRequested.signal()
            }
        }
        checkConnectionLimits(configuration, logger: logger)
        let store: any SessionStore
        switch StoreOpening.open(configuration, logger: logger) {
        case .success(let opened): store = opened
        case .failure(let refusal):
            StandardStream.error.writeLine("navigation-server: \(refusal.message)")
            exit(refusal.exitStatus)
        }
        let backendClient: BackendClient?
        do {
            backendClient = configuration.backends.isEmpty ? nil : try BackendClient()
        } catch {
            StandardStream.error.writeLine("navigation-server: \(error)")
            exit(1)
        }
        options.backendSlots = backendClient?.maxConcurrent ?? 0
        let performers = EffectLogging.performers(
            in: configuration, inProcess: effects, client: backendClient, logger: logger)
        let registry = SessionRegistry(
            hosting: hosted, limits: configuration.sessionLimits, store: store,
            notify: { notice in StoreOpening.log(notice, to: logger) },
            effects: configuration.effectOptions(performers: performers))
        logger.log(.info, "store open") { line in
            line.field("store", configuration.store.description)
            line.field("sessions", registry.count)
        }
        // On a shared store, what the other instances host decides where
        // new sessions start: known before the flows are listed.
        let lease = FleetLease.start(registry, seconds: configuration.instanceLease, logger: logger)
        for flow in registry.flowOverviews() {
            logger.log(.info, "flow") { line in
                line.field("flow", flow.name)
                line.field("versions", flow.versions.map { String($0.version) }.joined(separator: ","))
                line.field("current", flow.current.version)
                let retired = flow.versions.filter(\.isRetired).map { String($0.version) }
                if !retired.isEmpty { line.field("retired", retired.joined(separator: ",")) }
                if let ramp = flow.versions.first(where: { $0.rampPercent != nil }), let percent = ramp.rampPercent {
                    line.field("ramp", "\(ramp.version):\(percent)")
                }
                line.field("sessions", flow.versions.reduce(0) { $0 + $1.sessions })
            }
        }
        // SIGHUP reads --flows again: new versions are hosted from then on.
        let reload = configuration.flowsDirectory.map { directory in
            FlowFileReload(
                directory: directory, performers: performerNames(of: configuration, effects: effects), swiftFlows: swiftFlows,
                registry: registry, logger: logger)
        }
        let hangUp = watch(SIGHUP, on: DispatchQueue(label: "navigation-server.flow-files")) {
            guard let reload else {
                logger.log(.info, "SIGHUP ignored") { $0.field("detail", "there is no --flows directory to read again") }
                return
            }
            reload.reload()
        }
        // Streams here see the events other instances append to a shared store.
        registry.followStoreChanges()
        if let tokens = options.tokens {
            logger.log(.info, "token auth") { $0.field("key", tokens.verifier.key.description) }
        }
        let api = NavigationAPI(registry: registry, options: options)
        let server = HTTPServer(configuration: configuration.httpServerConfiguration, handler: RequestLog(api: api, logger: logger))
        do {
            try server.start()
        } catch {
            StandardStream.error.writeLine("navigation-server: \(error)")
            exit(error.isConfigurationError ? 2 : 1)
        }
        StandardStream.output.writeLine(
            "navigation-server listening on http://\(urlHost(configuration.host)):\(server.port)")

        let sweep = startSweeping(registry, every: configuration.sweepInterval, logger: logger)
        FreedMemory.startBackgroundPurging()
        let documentSweep = startReleasingDocuments(registry, every: configuration.documentSweepInterval)
        stopRequested.wait()

        // At once: the other instances stop counting this one's versions.
        lease?.release()
        api.readiness.beginDraining()
        if lastSignal.load(ordering: .relaxed) == SIGTERM && configuration.drainSeconds > 0 {
            logger.log(.info, "draining") { $0.field("seconds", String(configuration.drainSeconds)) }
            // Still serving; /readyz is 503. A second signal cuts the drain short.
            _ = stopRequested.wait(timeout: .now() + configuration.drainSeconds)
        }
        logger.log(.info, "stopping")
        sweep.cancel()
        documentSweep.cancel()
        for source in signalSources + [hangUp] { source.cancel() }
        server.stop(deadline: stopDeadlineSeconds)
        // The backend client is not shut down: that would record its calls in
        // flight as unavailable. Left without outcomes, they are performed
        // again, with the same Idempotency-Key, after the restart.
        store.close()
        logger.log(.info, "stopped")
        exit(0)
    }

    /// Raises the open-file limit for `--max-connections` and warns when a
    /// limit can never be reached: connections past the open-file limit, or
    /// `--max-streams` past `--max-connections` (each stream holds one).
    private static func checkConnectionLimits(_ configuration: ServerConfiguration, logger: Logger) {
        if let files = OpenFileLimit.raise(toCover: configuration.maxConnections) {
            let level: LogLevel = files.isEnough ? .debug : .warn
            logger.log(level, files.isEnough ? "open file limit" : "open file limit below --max-connections") { line in
                line.field("soft_before", files.before)
                line.field("soft", files.now)
                line.field("hard", files.hard)
                line.field("needed", files.needed)
                if !files.isEnough {
                    line.field(
                        "detail",
                        "at most about \(max(0, files.now - OpenFileLimit.reserve)) connections can be open; "
                            + "raise the hard limit (ulimit -Hn, docker run --ulimit nofile=N) or lower --max-connections")
                }
            }
        }
        if configuration.maxStreams >= configuration.maxConnections {
            logger.log(.warn, "--max-streams is not below --max-connections") { line in
                line.field("max_streams", configuration.maxStreams)
                line.field("max_connections", configuration.maxConnections)
                line.field(
                    "detail", "every stream holds a connection: streams can fill every connection, and --max-streams is never reached")
            }
        }
    }

    /// `navigation-server healthcheck`: exits 0 when the configured server answers `/healthz` with 200.
    private static func checkHealth(_ configuration: ServerConfiguration) -> Never {
        if HealthCheck.isHealthy(host: configuration.host, port: configuration.port) {
            StandardStream.output.writeLine("navigation-server: healthy")
            exit(0)
        }
        StandardStream.error.writeLine(
            "navigation-server: GET /healthz on \(HealthCheck.loopbackIfWildcard(configuration.host)) port \(configuration.port) did not answer 200"
        )
        exit(1)
    }

    /// The flows of `--flows DIR`, checked against `flows` and the effects
    /// this server performs.
    private static func flowFiles(of configuration: ServerConfiguration, beside flows: [Flow], effects: [EffectPerformer]) -> [Flow] {
        guard let directory = configuration.flowsDirectory else { return [] }
        return loadFlowFiles(
            in: directory, performers: performerNames(of: configuration, effects: effects), beside: flows,
            prefix: "navigation-server: --flows")
    }

    /// The effects this server performs: in process, and its `--backend`s.
    private static func performerNames(of configuration: ServerConfiguration, effects: [EffectPerformer]) -> Set<String> {
        Set(effects.map(\.name) + configuration.backends.map(\.name))
    }

    /// The flows of `NAVIGATION_FLOWS`, for the `journal` commands that
    /// replay sessions (effects unchecked: a replay performs none).
    private static func journalFlowFiles(beside flows: [Flow]) -> [Flow] {
        guard let directory = getenv("NAVIGATION_FLOWS").map({ String(cString: $0) }), !directory.isEmpty else { return [] }
        return loadFlowFiles(in: directory, performers: nil, beside: flows, prefix: "navigation-server journal: NAVIGATION_FLOWS")
    }

    /// The flows of the files in `directory`, or exit 2 with each problem
    /// on a line of its own after `prefix`.
    private static func loadFlowFiles(in directory: String, performers: Set<String>?, beside flows: [Flow], prefix: String) -> [Flow] {
        switch FlowFileLoading.flows(at: [directory], performers: performers, beside: flows) {
        case .success(let loaded): return loaded
        case .failure(let failure):
            for problem in failure.problems { StandardStream.error.writeLine("\(prefix): \(problem)") }
            exit(2)
        }
    }

    /// The configuration, or exit: 0 after `--help`, 2 after a bad flag or value.
    private static func readConfiguration(arguments: [String]) -> ServerConfiguration {
        var environment: [String: String] = [:]
        for name in ConfigurationParser.environmentVariables {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        do {
            switch try ConfigurationParser.parse(arguments: arguments, environment: environment) {
            case .run(let configuration):
                return configuration
            case .showHelp:
                StandardStream.output.write(Array(ConfigurationParser.usage.utf8))
                exit(0)
            }
        } catch {
            StandardStream.error.writeLine("navigation-server: \(error)")
            exit(2)
        }
    }

    /// Calls `registry.evictExpired()` every `interval` seconds, off the request threads.
    private static func startSweeping(_ registry: SessionRegistry, every interval: Double, logger: Logger) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler {
            let evicted = registry.evictExpired()
            if evicted > 0 { logger.log(.debug, "evicted idle sessions") { $0.field("count", evicted) } }
        }
        timer.resume()
        return timer
    }

    /// Calls `registry.releaseIdleDocuments()` every `interval` seconds, off
    /// the request threads; the freed pages go back to the system
    /// (``FreedMemory``).
    private static func startReleasingDocuments(_ registry: SessionRegistry, every interval: Double) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler {
            if registry.releaseIdleDocuments() > 0 { FreedMemory.memoryWasFreed() }
        }
        timer.resume()
        return timer
    }

    /// Delivers `signalNumber` to `action` on a dispatch queue instead of
    /// interrupting a thread. The default disposition is ignored first (so
    /// the signal no longer kills the process), and this returns only once
    /// the source is registered: from then on no signal is lost.
    private static func watch(
        _ signalNumber: Int32, on queue: DispatchQueue = .global(), _ action: @escaping @Sendable () -> Void
    ) -> DispatchSourceSignal {
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
        let registered = DispatchSemaphore(value: 0)
        source.setRegistrationHandler { registered.signal() }
        source.setEventHandler(handler: action)
        source.resume()
        registered.wait()
        return source
    }

    /// IPv6 literals go in brackets in a URL.
    private static func urlHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}

extension HTTPServerError {
    /// Whether the configuration was at fault (exit 2) rather than the
    /// environment, e.g. a port in use or too old a libmicrohttpd (exit 1).
    var isConfigurationError: Bool {
        switch self {
        case .invalidHost, .invalidConfiguration: true
        case .startFailed, .alreadyStarted, .unsupportedLibraryVersion: false
        }
    }
}
