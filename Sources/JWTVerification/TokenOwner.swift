import JSON

/// Whom a verified token speaks for: its issuer and subject (RFC 7519's `iss`
/// and `sub`), the owner a session is bound to.
///
/// Equal only when both are the same bytes (``IssuerAndSubject``): unlike
/// `String`'s `==`, a decomposed "e\u{301}" is not the owner "é", so one
/// user cannot reach another's sessions with a canonically equivalent name.
public struct TokenOwner: Sendable, Hashable {
    /// The issuer and subject, compared and hashed by their bytes.
    public let name: IssuerAndSubject

    /// The token's `iss`: the configured issuer when the verifier expects one;
    /// otherwise the token's own `iss`, or `nil` when it has none.
    public var issuer: String? { name.issuer }
    /// The token's `sub`: non-empty, at most ``JWTVerifier/maximumIdentifierBytes``
    /// UTF-8 bytes, without control or formatting characters.
    public var subject: String { name.subject }

    /// An owner, e.g. one read back from a journal.
    public init(issuer: String?, subject: String) {
        name = IssuerAndSubject(issuer: issuer, subject: subject)
    }
}
