/// The condition of a conditional append, shared by every store.
package enum AppendRule {
    /// Throws unless a record may follow a session whose last stored record
    /// has `lastVersion` (nil: the store does not hold the session).
    package static func check(lastVersion: Int?, ended: Bool, expectedVersion: Int) throws(StoreError) {
        guard let lastVersion else {
            // Only a `created` record (expected version 0) starts a session.
            if expectedVersion == 0 { return }
            throw .notFound
        }
        guard lastVersion == expectedVersion else { throw .conflict(currentVersion: lastVersion) }
        guard !ended else { throw .notFound }
    }
}
