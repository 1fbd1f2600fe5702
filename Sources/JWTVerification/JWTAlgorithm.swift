/// The JWS algorithms a ``VerificationKey`` can check (RFC 7518, section 3.1).
///
/// A key verifies exactly one of them, decided by what the key is, never by
/// the token: a token that names any other algorithm, `none` included, is
/// refused. That closes the classic key confusion, where an RSA public key's
/// PEM text is used by an attacker as an HS256 secret.
public enum JWTAlgorithm: String, Sendable, CaseIterable {
    /// HMAC with SHA-256 and a secret shared with the token's issuer.
    case hs256 = "HS256"
    /// RSASSA-PKCS1-v1_5 with SHA-256 and the issuer's RSA public key.
    case rs256 = "RS256"
    /// ECDSA on P-256 with SHA-256 and the issuer's EC public key.
    case es256 = "ES256"
}
