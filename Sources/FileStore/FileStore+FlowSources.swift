import Coordination
import Platform
import Sessions

/// Flow sources (flow files' content that sessions are pinned to), one
/// file each in the data directory: `flow-SHA256.json`, written whole and
/// durably (``SegmentDirectory/replaceFile(named:with:io:)``) before the
/// first record that names it, and never removed: compaction, repair and
/// recovery read only segment files.
extension FileStore {
    public func keepFlowSource(_ source: FlowSource) throws(StoreError) {
        let name = Self.fileName(ofFlowSource: source.sha256)
        // Under the store's lock: two keeps of one source never share a
        // temporary file, and a closed store writes nothing.
        try state.withLock { (state) throws(StoreError) in
            guard !state.closed else { throw .unavailable(reason: "the store is closed") }
            guard access(directory.filePath(name), F_OK) != 0 else { return }
            try directory.replaceFile(named: name, with: source.bytes[...], io: options.io)
        }
    }

    public func flowSource(sha256: String) throws(StoreError) -> FlowSource? {
        try directory.flowSource(sha256: sha256)
    }

    static func fileName(ofFlowSource sha256: String) -> String { "flow-\(sha256).json" }
}

extension FileStoreSnapshot {
    /// The flow source the journal keeps under `sha256`
    /// (``FileStore/flowSource(sha256:)``), read without the store's lock.
    public func flowSource(sha256: String) throws(StoreError) -> FlowSource? {
        try directory.flowSource(sha256: sha256)
    }
}

extension SegmentDirectory {
    /// The flow source in this directory under `sha256`, or nil.
    func flowSource(sha256: String) throws(StoreError) -> FlowSource? {
        guard FlowSource.isDigest(sha256) else { return nil }
        let path = filePath(FileStore.fileName(ofFlowSource: sha256))
        guard access(path, F_OK) == 0 else { return nil }
        do {
            return FlowSource(sha256: sha256, bytes: try SmallFiles.bytes(ofFile: path, atMost: FlowSource.maxBytes))
        } catch {
            throw .unavailable(reason: "cannot read the flow source \(path): \(error.description)")
        }
    }
}
