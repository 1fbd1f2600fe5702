/// What one compaction did.
public struct CompactionReport: Sendable, Equatable {
    /// Sealed segments rewritten into one (0: there was nothing to do).
    public var segmentsRewritten: Int
    /// Sessions dropped because they had ended or `retains` refused them.
    public var sessionsDropped: Int
    /// Bytes of the sealed segments before and of the compacted one after.
    public var bytesBefore: Int64
    public var bytesAfter: Int64
}
