import Coordination
import FileStore
import Flows
import Foundation
import HTTPCore
import NavigationAPI
import Sessions

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real server in this process, on 127.0.0.1 with a port of its own, for the library's
/// tests: `HTTPServer` + `NavigationAPI` + a registry of the built-in flows.
final class LiveServer {
    let registry: SessionRegistry
    let server: HTTPServer

    /// `apiKey`: the server's `--api-key`; `maxStreams`: its `--max-streams` (0 refuses every stream);
    /// `keepAliveSeconds`: how long a stream stays silent while nothing changes.
    init(
        flows: [Flow] = BuiltinFlows.all, store: any SessionStore = MemoryStore(), apiKey: String? = nil, maxStreams: Int = 10_000,
        keepAliveSeconds: Double = 15
    ) throws {
        // The built-in flows' demo services, as navigation-server has them; an
        // answer waits for their outcomes (they answer at once) however loaded the machine.
        registry = SessionRegistry(
            flows: flows, store: store, effects: EffectOptions(performers: BuiltinFlows.performers, answerWait: 30))
        let options = NavigationAPI.Options(
            apiKey: apiKey.flatMap(APIKey.init), streams: StreamOptions(maxStreams: maxStreams, keepAliveSeconds: keepAliveSeconds))
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 2
        server = HTTPServer(configuration: configuration, handler: NavigationAPI(registry: registry, options: options))
        try server.start()
    }

    deinit {
        server.stop(deadline: 1)
    }

    var url: URL {
        URL(string: "http://127.0.0.1:\(server.port)")!
    }

    func stop() {
        server.stop(deadline: 1)
    }

    /// `navigation_streams_open` from the `/metrics` of the server at `url`: the streams it holds open now.
    static func openStreams(at url: URL) async throws -> Int? {
        let (data, _) = try await URLSession.shared.data(from: url.appendingPathComponent("metrics"))
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("navigation_streams_open ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") }
    }
}

/// A server over a file store in a directory of its own, which a second server (another
/// version of a flow) can open after the first one stops.
final class FileStoreServer {
    let directory: URL
    let store: FileStore
    let live: LiveServer

    /// `exchangeVersion`: the version of `exchange` the server runs; above 1, a flow of that
    /// version whose code differs from the built-in one.
    init(directory: URL? = nil, exchangeVersion: Int = 1) throws {
        let directory = try directory ?? Self.freshDirectory()
        self.directory = directory
        store = try Self.open(directory.path)
        let exchange =
            exchangeVersion == 1
            ? ExchangeFlow.flow
            : Flow(name: "exchange", description: "Rates, rewritten.", version: exchangeVersion) { environment in
                RewrittenRatesCoordinator(environment: environment)
            }
        live = try LiveServer(flows: [exchange], store: store)
    }

    func stop() {
        live.stop()
        store.close()
    }

    private static func freshDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navigation-client-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Opens the store, waiting a moment for the previous server to let go of its lock.
    private static func open(_ path: String) throws -> FileStore {
        let giveUp = ContinuousClock.now + .seconds(5)
        while true {
            do {
                return try FileStore(directory: path)
            } catch {
                guard ContinuousClock.now < giveUp else { throw error }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// `exchange` after a rewrite: one screen, so that journals of the old version no longer fit.
final class RewrittenRatesCoordinator: Coordinator {
    override func start() {
        router.setRoot(Screen("rates"))
    }
}
