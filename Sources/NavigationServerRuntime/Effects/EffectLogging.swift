import Coordination
import EffectBackends
import NavigationAPI

/// The performers a server runs with, and what its log says about them:
/// one line at the start naming each backend, and one line per backend
/// answer that is not a yes or a no (unavailable, timed out), with the
/// reason the session never sees.
enum EffectLogging {
    /// `inProcess` with each `--backend` in place of the one of its name.
    static func performers(
        in configuration: ServerConfiguration, inProcess: [EffectPerformer], client: BackendClient?, logger: Logger
    ) -> [EffectPerformer] {
        guard let client, !configuration.backends.isEmpty else { return inProcess }
        for route in configuration.backends {
            logger.log(.info, "effect backend") { line in
                line.field("effect", route.name)
                line.field("url", route.url.description)
            }
        }
        let backends = BackendPerformers.make(
            configuration.backends, client: client, timeout: configuration.effectTimeout
        ) { [timeout = configuration.effectTimeout] call, answer in
            log(answer, of: call, timeout: timeout, to: logger)
        }
        return BackendPerformers.merging(backends, over: inProcess)
    }

    private static func log(_ answer: BackendOutcome, of call: EffectCall, timeout: Double, to logger: Logger) {
        let (level, reason): (LogLevel, String?) =
            switch answer {
            case .success: (.debug, nil)
            case .rejected(let status, _): (.debug, "rejected with \(status)")
            case .unavailable(let reason): (.warn, reason)
            case .timedOut: (.warn, "no answer within --effect-timeout (\(SecondsText.format(timeout)) s)")
            }
        logger.log(level, "effect backend answered") { line in
            line.field("effect", call.name)
            line.field("key", call.idempotencyKey)
            if let reason { line.field("detail", reason) }
        }
    }
}
