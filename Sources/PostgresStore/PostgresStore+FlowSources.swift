import Coordination
import Sessions

/// Flow sources (flow files' content that sessions are pinned to), one row
/// each in `navigation_flow_sources`, shared by every instance.
extension PostgresStore {
    /// `INSERT … ON CONFLICT DO NOTHING`: the first instance to keep a
    /// source writes it, and a second keep leaves it as it is.
    public func keepFlowSource(_ source: FlowSource) throws(StoreError) {
        _ = try run { connection throws(PostgresFailure) in
            try connection.execute(.keepFlowSource, [.text(source.sha256), .bytes(source.bytes)])
        }
    }

    public func flowSource(sha256: String) throws(StoreError) -> FlowSource? {
        guard FlowSource.isDigest(sha256) else { return nil }
        let rows = try run { connection throws(PostgresFailure) in try connection.execute(.flowSource, [.text(sha256)]) }
        guard !rows.isEmpty, let bytes = rows.bytes(0, 0) else { return nil }
        return FlowSource(sha256: sha256, bytes: bytes)
    }
}
