/// What ``FileStore/verify(directory:)`` found in a file store's data directory.
public struct FileStoreVerification: Sendable, Equatable {
    /// One damaged place in a segment.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public enum Kind: String, Sendable {
            /// Bytes at the end of the last segment in which no record
            /// starts, as a crash or power loss leaves them: opening the
            /// store moves them aside with a warning.
            case torn
            /// Damage elsewhere: opening the store refuses, and `journal
            /// repair` cuts it out.
            case corrupt
            /// A segment of a newer format, which this build cannot read.
            case newerFormat
        }

        public var file: String
        public var offset: Int64
        public var kind: Kind
        public var reason: String
        /// Bytes from ``offset`` to the next record or the end of the file
        /// (0 for a segment header that cannot be read).
        public var size: Int64

        public init(file: String, offset: Int64, kind: Kind, reason: String, size: Int64 = 0) {
            self.file = file
            self.offset = offset
            self.kind = kind
            self.reason = reason
            self.size = size
        }

        public var description: String {
            "\(file) at offset \(offset): \(kind.rawValue): \(reason)" + (size > 0 ? " (\(size) bytes)" : "")
        }
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
