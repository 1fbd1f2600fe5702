/// A party named by an issuer and a subject (a JSON Web Token's `iss` and
/// `sub` claims), equal to another only when both are the same bytes.
///
/// `String`'s `==` follows Unicode canonical equivalence: a decomposed
/// "e\u{301}" equals "é", and one user could reach another's sessions with
/// an equivalent spelling of its name. RFC 7519 compares these claims as
/// they are, so this compares and hashes their UTF-8 bytes. The owner of a
/// verified token and the owner a session is bound to are each one of these.
public struct IssuerAndSubject: Sendable, Hashable {
    /// The issuer, or `nil` when there is none (not the same as any issuer).
    public let issuer: String?
    public let subject: String

    public init(issuer: String?, subject: String) {
        self.issuer = issuer
        self.subject = subject
    }

    /// Same issuer (both absent, or the same bytes) and the same subject bytes.
    public static func == (lhs: IssuerAndSubject, rhs: IssuerAndSubject) -> Bool {
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
