/// The key layout: every key of a session carries the hash tag
/// `{nav:<id>}`, so a script touches one slot and the layout is ready for
/// Redis Cluster.
///
/// - `{nav:<id>}:m`: a hash, the session's summary: `v` last version, `t`
///   last record's time (ms), `e` "1" once ended, `b` stored bytes.
/// - `{nav:<id>}:r`: a list, the session's records in version order
///   (element `i` is version `i + 1`), each ``RedisRecordCodec``-encoded.
///
/// And one key shared by every session, outside their hash tags (so never
/// touched by a session's script, see ``RedisSessionIndex``):
/// - `nav:live`: a sorted set of the live sessions' ids, each scored with
///   the time (ms) after which it may have expired.
/// - `nav:instances`: a sorted set of the live instances' announcements
///   (the flow versions each hosts), each scored with the time (ms, Redis's
///   clock) its lease runs out.
/// - `nav:flow-source:<sha256>`: a string, a flow file's content that
///   sessions are pinned to (``RedisStore/keepFlowSource(_:)``); set once,
///   never expired.
enum RedisKeys {
    static func meta(_ id: String) -> [UInt8] { Array("{nav:\(id)}:m".utf8) }
    static func records(_ id: String) -> [UInt8] { Array("{nav:\(id)}:r".utf8) }
    static let live = Array("nav:live".utf8)
    static let instances = Array("nav:instances".utf8)
    static func flowSource(_ sha256: String) -> [UInt8] { Array("nav:flow-source:\(sha256)".utf8) }
    /// What `SCAN` matches to list every session's summary.
    static let metaPattern = "{nav:*}:m"

    /// The session id in a meta key, or nil for any other key.
    static func sessionID(ofMetaKey key: String) -> String? {
        guard key.hasPrefix("{nav:"), key.hasSuffix("}:m"), key.count == 5 + 32 + 3 else { return nil }
        return String(key.dropFirst(5).dropLast(3))
    }
}
