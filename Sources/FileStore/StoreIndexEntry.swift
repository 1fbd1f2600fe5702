import Sessions

/// What the store knows of one session without reading its records.
struct StoreIndexEntry: Sendable {
    var lastActivity: Int64
    var ended: Bool
    /// The version of the session's latest start: its `created` record (1),
    /// or its last `migrated` one (``SessionStore/startRecord(of:)``).
    var startVersion: UInt32 = 1
    var bytes: Int
    /// One per record, in version order: `locations[v - 1]` holds version `v`.
    var locations: [RecordLocation]

    var lastVersion: Int { locations.count }

    func summary(id: SessionKey) -> SessionSummary {
        summary(id: id.hex)
    }

    /// With the id as the caller spelled it: the same 32 lowercase hex digits
    /// when it parsed as a ``SessionKey``, without spelling them again.
    func summary(id: String) -> SessionSummary {
        SessionSummary(id: id, lastVersion: lastVersion, lastActivity: lastActivity, ended: ended, bytes: bytes)
    }
}
