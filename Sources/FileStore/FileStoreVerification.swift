/// What ``FileStore/verify(directory:)`` found in a file store's data directory.
public struct FileStoreVerification: Sendable, Equatable {
    /// One damaged place in a segment.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public enum Kind: String, Sendable {
            /// Damage at the end of the last segment, as a crash leaves it:
            /// opening the store truncates it with a warning.
            case torn
            /// Damage elsewhere: opening the store refuses.
            case corrupt
            /// A segment of a newer format, which this build cannot read.
            case newerFormat
        }

        public var file: String
        public var offset: Int64
        public var kind: Kind
        public var reason: String

        public var description: String { "\(file) at offset \(offset): \(kind.rawValue): \(reason)" }
    }

    /// Segment files checked, in journal order (paths).
    public var segments: [String] = []
    /// Segments a compacted segment replaced (a crash came before their
    /// deletion): not checked; opening the store deletes them.
    public var staleSegments: [String] = []
    /// Well-formed records read.
    public var records = 0
    /// Sessions those records describe (dropped ones included until
    /// compaction). Counted up to the first problem only.
    public var sessions = 0
    /// Every damaged place, in journal order.
    public var problems: [Problem] = []

    /// Whether the store would open without dropping anything.
    public var isClean: Bool { problems.isEmpty }
}
