import FileStore
import PostgresStore
import RedisStore
import Sessions

/// Opens the store `--store` names, reporting what recovery did through the
/// log, and turns the registry's notices into log lines.
enum StoreOpening {
    /// Why the store cannot be opened: one line for stderr, and the exit status.
    struct Refusal: Error, Equatable {
        var message: String
        /// 2 for a setting the operator must change (`--strict-permissions`
        /// and a data directory others can write), 1 otherwise.
        var exitStatus: Int32
    }

    /// The store, or a one-line reason it cannot be opened (a corrupt
    /// journal names its file and offset and says how to repair it; a
    /// directory written by a newer format, or held by another server, says
    /// so). A data directory others can write is used with a warning, or
    /// refused with `--strict-permissions`.
    static func open(_ configuration: ServerConfiguration, logger: Logger) -> Result<any SessionStore, Refusal> {
        switch configuration.store {
        case .memory:
            return .success(MemoryStore())
        case .redis(let url):
            // Never fails here: while Redis is down, requests answer 503
            // and /readyz is 503 until it is back.
            return .success(RedisStore(url: url, idleTimeout: configuration.sessionTTL))
        case .postgres(let url):
            return openPostgres(url, configuration: configuration)
        case .file(let path):
            if let access = DataDirectoryAccess.othersCanWrite(path) {
                if configuration.strictPermissions {
                    return .failure(
                        Refusal(
                            message:
                                "the data directory \(path) can be written by others: \(access); --strict-permissions refuses it (make it the server user's own, mode 0700)",
                            exitStatus: 2))
                }
                logger.log(.warn, "data directory writable by others") { line in
                    line.field("path", path)
                    line.field(
                        "detail",
                        access + "; anyone who can write it can forge or delete sessions: make it the server user's own, mode 0700")
                }
            }
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
                return .failure(Refusal(message: message(for: error, configuration: configuration, path: path), exitStatus: 1))
            }
        }
    }

    /// A database that cannot be reached now is no refusal: requests
    /// answer 503 and /readyz is 503 until it is back. A schema newer than
    /// this build's is: it would be misread.
    static func openPostgres(_ url: PostgresURL, configuration: ServerConfiguration) -> Result<any SessionStore, Refusal> {
        let store = PostgresStore(url: url)
        do throws(StoreError) {
            try store.probe()
        } catch {
            if case .newerFormat = error {
                store.close()
                return .failure(Refusal(message: "cannot open the session store \(configuration.store): \(error)", exitStatus: 1))
            }
        }
        return .success(store)
    }

    /// The line for a store that did not open. Damage in the middle of the
    /// journal says how to cut it out.
    static func message(for error: StoreError, configuration: ServerConfiguration, path: String) -> String {
        var message = "cannot open the session store \(configuration.store): \(error)"
        if case .corrupt = error {
            message +=
                "; to keep every record that can be read and move the damage aside, run: navigation-server journal repair --data \(path)"
        }
        return message
    }

    /// Logs a registry notice: a session its flows cannot replay (once per
    /// load), the store failing and recovering, new sessions moving to
    /// another version as the instances on a shared store change.
    static func log(_ notice: RegistryNotice, to logger: Logger) {
        switch notice {
        case .flowChanged(let sessionID, let flow, let detail):
            logger.log(.warn, "flow changed") { line in
                line.field("session", sessionID)
                line.field("flow", flow)
                line.field("detail", detail)
            }
        case .migrated(let sessionID, let flow, let olderVersion, let version):
            logger.log(.info, "session migrated") { line in
                line.field("session", sessionID)
                line.field("flow", flow)
                line.field("from", olderVersion)
                line.field("to", version)
            }
        case .storeUnavailable(let reason):
            logger.log(.error, "store unavailable") { $0.field("detail", reason) }
        case .storeRecovered:
            logger.log(.info, "store available again")
        case .currentVersionChanged(let flow, let version, let instances):
            logger.log(.info, "current flow version changed") { line in
                line.field("flow", flow)
                line.field("current", version)
                line.field("instances", instances)
            }
        }
    }
}
