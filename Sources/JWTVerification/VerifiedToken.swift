/// What ``JWTVerifier`` returns for a token it accepts.
public struct VerifiedToken: Sendable, Hashable {
    /// Whom the token speaks for.
    public let owner: TokenOwner
    /// The token's `exp`, seconds since 1970 UTC (without the leeway): what it
    /// opened, such as a stream, may be closed once this passes.
    public let expiresAt: Double
}
