/// Whom a verified token speaks for: its issuer and subject (RFC 7519's `iss`
/// and `sub`), the owner a session is bound to.
///
/// Equal only when both are the same bytes: unlike `String`'s `==`, a
/// decomposed "e\u{301}" is not the owner "é", so one user cannot reach
/// another's sessions with a canonically equivalent name.
public struct TokenOwner: Sendable, Hashable {
    /// The token's `iss`: the configured issuer when the verifier expects one;
    /// otherwise the token's own `iss`, or `nil` when it has none.
    public let issuer: String?
    /// The token's `sub`: non-empty, at most ``JWTVerifier/maximumIdentifierBytes``
    /// UTF-8 bytes, without control or formatting characters.
    public let subject: String

    /// An owner, e.g. one read back from a journal.
    public init(issuer: String?, subject: String) {
        self.issuer = issuer
        self.subject = subject
    }

    /// Same issuer (both absent, or the same bytes) and the same subject bytes.
    public static func == (lhs: TokenOwner, rhs: TokenOwner) -> Bool {
        guard lhs.subject.utf8.elementsEqual(rhs.subject.utf8) else { return false }
        switch (lhs.issuer, rhs.issuer) {
        case (nil, nil): return true
        case (let left?, let right?): return left.utf8.elementsEqual(right.utf8)
        default: return false
        }
    }

    /// Hashes the bytes `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(issuer != nil)
        hasher.combine(issuer?.utf8.count ?? 0)
        for byte in issuer?.utf8 ?? "".utf8 { hasher.combine(byte) }
        for byte in subject.utf8 { hasher.combine(byte) }
    }
}
