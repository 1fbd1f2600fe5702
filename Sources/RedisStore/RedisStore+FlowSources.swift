import Coordination
import Sessions

/// Flow sources (flow files' content that sessions are pinned to), one
/// string key each (``RedisKeys/flowSource(_:)``), shared by every instance.
extension RedisStore {
    /// `SET … NX`: the first instance to keep a source writes it, and a
    /// second keep leaves it as it is.
    public func keepFlowSource(_ source: FlowSource) throws(StoreError) {
        let reply = try run { connection throws(RedisFailure) in
            try connection.command([Array("SET".utf8), RedisKeys.flowSource(source.sha256), source.bytes, Array("NX".utf8)])
        }
        if case .error(let message) = reply { throw .unavailable(reason: "Redis: \(message)") }
    }

    public func flowSource(sha256: String) throws(StoreError) -> FlowSource? {
        guard FlowSource.isDigest(sha256) else { return nil }
        let reply = try run { connection throws(RedisFailure) in
            try connection.command([Array("GET".utf8), RedisKeys.flowSource(sha256)])
        }
        switch reply {
        case .string(let bytes): return FlowSource(sha256: sha256, bytes: bytes)
        case .null: return nil
        case .error(let message): throw .unavailable(reason: "Redis: \(message)")
        default: throw .unavailable(reason: "Redis answered GET of a flow source with \(reply)")
        }
    }
}
