/// One entry of a session's journal: what a store keeps so that the session
/// can be rebuilt by replaying its flow.
///
/// Every record produces the next version of its session: `created` is
/// version 1, each accepted event or effect outcome adds one, and `ended`
/// adds one more (it is
/// the session's last record, version `last + 1`). So the rule of a
/// conditional append is the same for every kind: a record of version `v` is
/// appended with `expectedVersion == v - 1`, and an end that races an event
/// loses or wins like any other append.
public struct JournalRecord: Sendable, Equatable {
    /// What the record says happened.
    public enum Kind: UInt8, Sendable, CaseIterable {
        /// The session started. Body: flow name, flow version, start context.
        case created = 1
        /// The session accepted an event. Body: screen, event, payload.
        case event = 2
        /// The session ended or expired; no record may follow.
        case ended = 3
        /// The session opened a deep link. Body: the link. Journals written
        /// before links existed simply have none.
        case link = 4
        /// What an effect came back with. Body: the effect's id and its
        /// outcome. Journals written before effects existed have none.
        case outcome = 5
        /// A newer version of the session's flow took the session over
        /// (``Coordination/Flow/migrating(from:_:)``) and started it anew at
        /// this version. Body: what it started with, as a created record's,
        /// and the version it took over from. A replay starts from the last one.
        case migrated = 6
    }

    /// 32 lowercase hex digits (128 bits).
    public var sessionID: String
    /// The session version this record produces (see the type's comment).
    public var version: Int
    public var kind: Kind
    /// Wall-clock milliseconds since 1970, so that idle time keeps counting
    /// across a restart.
    public var time: Int64
    /// Opaque to the store; the Sessions layer puts JSON here.
    public var body: [UInt8]

    public init(sessionID: String, version: Int, kind: Kind, time: Int64, body: [UInt8]) {
        self.sessionID = sessionID
        self.version = version
        self.kind = kind
        self.time = time
        self.body = body
    }

    /// Bytes this record takes in a file store (frame included); also what
    /// ``MemoryStore`` and the Redis store count, so that a byte budget means
    /// the same in each.
    public var storedSize: Int { Self.framingSize + body.count }

    /// The bytes of a stored record besides its body: a file store's frame
    /// header and the kind, id, version and time before the body (the file
    /// store's `SegmentFormat` lays them out).
    package static let framingSize = 41

    /// The largest body a record may have: far above any session's budget,
    /// and it keeps a frame's length in 32 bits.
    package static let maximumBodySize = 16 << 20

    /// Throws ``StoreError/invalidRecord(reason:)`` unless this record may
    /// follow version `expectedVersion`: a well-formed id, `version ==
    /// expectedVersion + 1`, `created` exactly at version 1, a body that fits
    /// a frame. These are caller bugs, checked before the session's state.
    public func validate(expectedVersion: Int) throws(StoreError) {
        _ = try validatedKey(expectedVersion: expectedVersion)
    }

    /// ``validate(expectedVersion:)``, returning the session id parsed, so
    /// that a store keyed by it does not parse it again.
    package func validatedKey(expectedVersion: Int) throws(StoreError) -> SessionKey {
        guard let key = SessionKey(hex: sessionID) else {
            throw .invalidRecord(reason: "session id '\(sessionID)' is not 32 lowercase hex digits")
        }
        try validate(expectedVersion: expectedVersion, key: key)
        return key
    }

    /// ``validate(expectedVersion:)`` of a record whose id the caller
    /// parsed already into `key`.
    package func validate(expectedVersion: Int, key: SessionKey) throws(StoreError) {
        assert(SessionKey(hex: sessionID) == key, "the key given is not the record's session id")
        guard version == expectedVersion + 1, version >= 1, version <= Int(UInt32.max) else {
            throw .invalidRecord(reason: "record version \(version) cannot follow version \(expectedVersion)")
        }
        guard (kind == .created) == (version == 1) else {
            throw .invalidRecord(reason: "a \(kind) record cannot have version \(version); created is version 1, and only created")
        }
        guard body.count <= Self.maximumBodySize else {
            throw .invalidRecord(reason: "record body of \(body.count) bytes exceeds \(Self.maximumBodySize)")
        }
    }
}
