/// The content a flow was made from (a flow file's bytes), and its SHA-256.
///
/// A session started on such a flow is pinned to this content: its created
/// record holds ``sha256``, the store keeps ``bytes`` once per digest, and
/// any instance rebuilds the flow from them to replay the session, even
/// after the file changed or was removed.
public struct FlowSource: Sendable, Equatable {
    /// The SHA-256 of ``bytes``, as 64 lowercase hexadecimal digits.
    public let sha256: String
    public let bytes: [UInt8]
    /// The most bytes a source may have: a flow file's limit, which stores
    /// read kept sources with.
    public static let maxBytes = 1 << 20

    /// `sha256` must be the digest of `bytes`; whoever makes a source
    /// computes it (this module has no cryptography of its own).
    public init(sha256: String, bytes: [UInt8]) {
        self.sha256 = sha256
        self.bytes = bytes
    }

    /// Whether `text` is spelled as a ``sha256`` is: 64 lowercase hexadecimal digits.
    public static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
