import Sessions

/// The instances' leases on the flow versions they host: rows of
/// `navigation_instances`, each running out by the database's clock
/// (`clock_timestamp()`), so the instances' own clocks do not matter.
extension PostgresStore {
    /// One call of `navigation_renew_lease`: the leases run out are
    /// dropped, this one is renewed, and every one leased is answered.
    public func renewLease(_ announcement: String, forMilliseconds milliseconds: Int) throws(StoreError) -> [String]? {
        let rows = try run { connection throws(PostgresFailure) in
            try connection.execute(.renewLease, [.text(announcement), .integer(max(1, milliseconds))])
        }
        return (0..<rows.count).compactMap { rows.text($0, 0) }
    }

    public func releaseLease(_ announcement: String) {
        _ = try? run { connection throws(PostgresFailure) in try connection.execute(.releaseLease, [.text(announcement)]) }
    }
}
