import FileStore
import RedisStore
import Sessions

/// Opens the store `--store` names, reporting what recovery did through the
/// log, and turns the registry's notices into log lines.
enum StoreOpening {
    /// The store, or a one-line reason it cannot be opened (a corrupt
    /// journal names its file and offset; a directory written by a newer
    /// format, or held by another server, says so).
    static func open(_ configuration: ServerConfiguration, logger: Logger) -> Result<any SessionStore, StoreError> {
        switch configuration.store {
        case .memory:
            return .success(MemoryStore())
        case .redis(let url):
            // Never fails here: while Redis is down, requests answer 503
            // and /readyz is 503 until it is back.
            return .success(RedisStore(url: url, idleTimeout: configuration.sessionTTL))
        case .file(let path):
            var options = FileStoreOptions()
            options.fsync = configuration.fsync
            let ttlMillis = Int64(configuration.sessionTTL * 1000)
            // Compaction keeps sessions that are not idle past their TTL.
            options.retains = { summary in
                Int64(SessionRegistry.wallClockSeconds() * 1000) - summary.lastActivity <= ttlMillis
            }
            options.warn = { message in logger.log(.warn, "journal") { $0.field("detail", message) } }
            do {
                return .success(try FileStore(directory: path, options: options))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Logs a registry notice: a session its flows cannot replay (once per
    /// load), the store failing and recovering.
    static func log(_ notice: RegistryNotice, to logger: Logger) {
        switch notice {
        case .flowChanged(let sessionID, let flow, let detail):
            logger.log(.warn, "flow changed") { line in
                line.field("session", sessionID)
                line.field("flow", flow)
                line.field("detail", detail)
            }
        case .storeUnavailable(let reason):
            logger.log(.error, "store unavailable") { $0.field("detail", reason) }
        case .storeRecovered:
            logger.log(.info, "store available again")
        }
    }
}
