import Sessions

extension FileStore {
    /// Repairs the journal in `path` (``JournalRepair``) while no store has
    /// it open: takes the directory's `LOCK` for the whole repair, so a
    /// server cannot start meanwhile.
    /// - Throws: ``StoreError/unavailable(reason:)`` if a store (a running
    ///   server) has the directory open or it cannot be read or written;
    ///   ``StoreError/newerFormat(file:found:supported:)`` for a segment of a
    ///   newer format, and ``StoreError/corrupt(file:offset:reason:)`` for a
    ///   record of a kind this build does not know (nothing is changed then).
    public static func repair(
        directory path: String, options: FileStoreOptions = FileStoreOptions()
    ) throws(StoreError) -> JournalRepairReport {
        let directory = try SegmentDirectory(path: path, create: false)
        let lock = try directory.lock(waitingUpTo: options.lockWait)
        defer { closeDescriptor(lock) }
        return try JournalRepair.repair(directory, options: options)
    }
}
