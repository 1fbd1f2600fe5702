import Coordination
import Platform

/// A short digest of a session document: the CRC-32C of what the
/// coordinators decided in it, its bytes without its screens' wording
/// (events and titles) and without the layout's copies of the stack
/// (``Coordination/Session/renderedDocumentChecksum(_:)``), spelled as 8 lowercase hex digits:
/// `"digest":"5f0c41d2"` in a journal record. Every accepted
/// change records the digest of the document it produced; a replay that
/// produces another document at that version has diverged (the flow's code
/// changed without a version bump, a patch or a migration), and the session
/// is refused instead of shown in a state its user never saw.
///
/// Not a cryptographic hash: it tells a changed flow from the same one,
/// missing a difference one time in four billion; it proves nothing about
/// who wrote the journal.
///
/// A server release that renders documents differently changes every
/// digest: it must spell its digests another way (`"2:…"`, a new
/// revision), since a digest of another spelling is not compared
/// (``Recorded/otherRevision``). `DocumentDigestTests` pins a document's
/// digest so that such a change cannot go unnoticed.
public struct DocumentDigest: Sendable, Hashable, CustomStringConvertible {
    public let value: UInt32

    public init(value: UInt32) {
        self.value = value
    }

    /// The digest of the document `session` rendered last (call right
    /// after rendering it).
    package init(ofDocumentRenderedBy session: Session) {
        value = session.renderedDocumentChecksum { CRC32C.checksum($0, continuing: $1) } ?? 0
    }

    /// Parses 8 lowercase hex digits; nil for anything else.
    public init?(hex: String) {
        let utf8 = hex.utf8
        guard utf8.count == 8, utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
            let value = UInt32(hex, radix: 16)
        else { return nil }
        self.value = value
    }

    /// The 8 lowercase hex digits.
    public var description: String {
        withUnsafeBytes(of: HexWord.digits(of: value)) { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes `,"digest":"5f0c41d2"`: a member after others of an object
    /// being written. In four stores (one record in each change).
    func writeMember(to writer: inout JSONWriter) {
        writer.writeRaw(word: Self.memberStart, count: 8)
        writer.writeRaw(word: Self.memberColon, count: 3)
        writer.writeRaw(word: HexWord.digits(of: value), count: 8)
        writer.writeRaw(word: Self.quote, count: 1)
    }

    /// The digest a body ends with when ``writeMember(to:)`` wrote it last,
    /// `,"digest":"5f0c41d2"}`, and the length of the body before it; nil
    /// when the body ends otherwise. The member is then a member of the
    /// body's outermost object: a comma and a quote cannot end a string.
    /// The member must follow a value (a body `{,"digest":…}` is not JSON,
    /// and is left to the parser to say so).
    static func trailingMember(of body: UnsafeBufferPointer<UInt8>) -> (digest: DocumentDigest, prefixCount: Int)? {
        let prefixCount = body.count - trailingMemberCount
        guard prefixCount > 1, let base = UnsafeRawPointer(body.baseAddress) else { return nil }
        switch body[prefixCount - 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "e"),
            UInt8(ascii: "l"):
            break
        default: return nil
        }
        let member = base + prefixCount
        guard member.loadUnaligned(as: UInt64.self).littleEndian == memberStart,
            member.loadUnaligned(fromByteOffset: 8, as: UInt16.self).littleEndian == 0x3A22,
            member.load(fromByteOffset: 10, as: UInt8.self) == 0x22,
            member.loadUnaligned(fromByteOffset: 19, as: UInt16.self).littleEndian == 0x7D22,
            let value = HexWord.value(ofDigits: member.loadUnaligned(fromByteOffset: 11, as: UInt64.self))
        else { return nil }
        return (DocumentDigest(value: value), prefixCount)
    }

    /// The bytes of `,"digest":"5f0c41d2"}`.
    static let trailingMemberCount = 21

    /// `,"digest`, `":"` and `"`, as the bytes of a word in memory (least
    /// significant first); literals, since a computed global is a call to
    /// its initialiser on every read.
    static let memberStart: UInt64 = 0x7473_6567_6964_222C
    static let memberColon: UInt64 = 0x22_3A22
    static let quote: UInt64 = 0x22

    /// Writes the digits as a JSON string, `"5f0c41d2"`.
    func writeString(to writer: inout JSONWriter) {
        writer.writeRaw(word: Self.quote, count: 1)
        writer.writeRaw(word: HexWord.digits(of: value), count: 8)
        writer.writeRaw(word: Self.quote, count: 1)
    }

    /// What a record's `"digest"` member holds.
    public enum Recorded: Sendable, Equatable {
        /// None: a record written before digests existed, or an ended one.
        case absent
        /// A digest of another revision (another spelling): not compared.
        case otherRevision
        case digest(DocumentDigest)

        /// The digest this server compares, if there is one.
        public var comparable: DocumentDigest? {
            if case .digest(let digest) = self { return digest }
            return nil
        }
    }

    /// Reads a record's `"digest"` member; nil when it is not a string.
    static func decode(_ member: JSONValue?) -> Recorded? {
        guard let member else { return .absent }
        guard let text = member.stringValue else { return nil }
        return DocumentDigest(hex: text).map(Recorded.digest) ?? .otherRevision
    }
}
