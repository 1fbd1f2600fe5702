import JWTVerification
import Platform
import Sessions

/// Bearer JWTs (`--auth jwt`): verifies a request's token into the owner of
/// the sessions it may use.
///
/// A client sends the same token with every request until it expires, so a
/// verified token is remembered (by its exact text, with its expiry) and
/// not verified again: an ES256 signature costs about 0.2 ms. A remembered
/// token is still refused once its `exp` (with the leeway) has passed. The
/// memory is bounded: past ``maxRemembered`` tokens it starts afresh.
public final class TokenAuthority: Sendable {
    public let verifier: JWTVerifier
    /// Wall-clock seconds since 1970.
    private let clock: @Sendable () -> Double
    private let remembered = Locked<[String: VerifiedToken]>([:])
    static let maxRemembered = 4_096

    public init(verifier: JWTVerifier, clock: @escaping @Sendable () -> Double = SessionRegistry.wallClockSeconds) {
        self.verifier = verifier
        self.clock = clock
    }

    /// The owner `token` speaks for, or why it is refused.
    func owner(of token: Substring) throws(TokenRejection) -> SessionOwner {
        let now = clock()
        let text = String(token)
        if let known = remembered.withLock({ $0[text] }), now < known.expiresAt + verifier.leeway {
            return SessionOwner(known.owner)
        }
        let verified = try verifier.verify(text, now: now)
        remembered.withLock { tokens in
            if tokens.count >= Self.maxRemembered { tokens.removeAll(keepingCapacity: true) }
            tokens[text] = verified
        }
        return SessionOwner(verified.owner)
    }
}

extension SessionOwner {
    init(_ owner: TokenOwner) {
        self.init(issuer: owner.issuer, subject: owner.subject)
    }
}
