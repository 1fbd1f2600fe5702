/// Verifies bearer JWTs (a compact JWS, RFC 7515 and RFC 7519) with one key
/// and says whom each speaks for.
///
/// A token is accepted when, in this order: it is at most
/// ``maximumTokenBytes`` long; it is three strict base64url parts; its header
/// is a JSON object whose `alg` is exactly the key's algorithm, with no
/// `crit`, and a `typ`, if any, of `JWT` or `at+jwt` (case-insensitive, with
/// or without `application/`); the signature verifies; and its claims are a
/// JSON object with `exp` after `now`, `nbf` (if any) not after it, both with
/// ``leeway``, the expected `iss` and `aud` (see ``init(key:issuer:audience:leeway:)``),
/// and a `sub`. The claims are decoded only once the signature holds.
/// `iat`, `jti`, `kid` and keys a header carries (`jwk`, `jku`, `x5c`) are
/// not used: the key is the one configured.
///
/// There is no clock inside: the caller passes the current time.
public struct JWTVerifier: Sendable {
    /// Longer tokens are refused before any decoding.
    public static let maximumTokenBytes = 8192
    /// Header and claims nest arrays and objects at most this deep.
    public static let maximumJSONDepth = 16
    /// Clock skew allowed between the issuer and this server, in seconds.
    public static let defaultLeeway: Double = 60
    /// The longest `sub` and `iss`, in UTF-8 bytes: they are stored with every session.
    public static let maximumIdentifierBytes = 256

    /// The key every signature is checked with; it decides the algorithm.
    public let key: VerificationKey
    /// The `iss` every token must carry, or `nil` to accept any.
    public let issuer: String?
    /// The audience every token's `aud` must name, or `nil` for tokens without `aud`.
    public let audience: String?
    /// Seconds added to `exp` and taken from `nbf`; never negative.
    public let leeway: Double

    /// A verifier for tokens signed with `key`.
    ///
    /// - Parameters:
    ///   - issuer: when set, `iss` must be present and equal to it (byte for
    ///     byte). When `nil`, `iss` is not checked, but if present it must be
    ///     a usable string, and it is part of the owner: the same `sub` from
    ///     two issuers is two owners.
    ///   - audience: when set, `aud` (a string or an array of strings) must
    ///     name it. When `nil`, a token with an `aud` is refused, as RFC 7519
    ///     requires of a server that does not know its own audience name:
    ///     a token minted for another service never works here by accident.
    ///   - leeway: clock skew in seconds; negative or non-finite values count as 0.
    public init(key: VerificationKey, issuer: String? = nil, audience: String? = nil, leeway: Double = defaultLeeway) {
        self.key = key
        self.issuer = issuer
        self.audience = audience
        self.leeway = leeway.isFinite && leeway > 0 ? leeway : 0
    }

    /// Verifies `token` (the text after `Bearer `) at `now`, seconds since 1970 UTC.
    public func verify(_ token: some StringProtocol, now: Double) throws(TokenRejection) -> VerifiedToken {
        let utf8 = token.utf8
        if utf8.count > Self.maximumTokenBytes { throw TokenRejection(.tooLarge) }
        return try verify(Array(utf8), now: now)
    }

    /// Verifies `token`'s bytes at `now`, seconds since 1970 UTC.
    public func verify(_ token: [UInt8], now: Double) throws(TokenRejection) -> VerifiedToken {
        if token.count > Self.maximumTokenBytes { throw TokenRejection(.tooLarge) }
        return try token.withUnsafeBufferPointer { (token) throws(TokenRejection) -> VerifiedToken in
            let jws = try CompactJWS(token)
            try checkHeader(try jws.header())
            guard key.verifies(signature: try jws.signature(), of: jws.signingInput) else {
                throw TokenRejection(.badSignature)
            }
            return try checkClaims(try jws.claims(), now: now)
        }
    }
}
