/// Why ``JWTVerifier`` refused a bearer token.
///
/// `description` is one sentence that is safe to send back to the client: it
/// names what was wrong ("the bearer token has expired"), never the token or
/// any of its contents, and never the key.
public struct TokenRejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// A part of a compact JWS.
    public enum Part: String, Sendable {
        case header
        case claims
        case signature
    }

    /// A registered claim the verifier reads (RFC 7519, section 4.1).
    public enum Claim: String, Sendable {
        case exp
        case nbf
        case iss
        case aud
        case sub
    }

    /// What was wrong with the token.
    public enum Reason: Sendable, Equatable {
        /// Longer than ``JWTVerifier/maximumTokenBytes``; nothing of it was decoded.
        case tooLarge
        /// Not three base64url parts separated by dots (a JWE has five; an
        /// unsigned JWT still has three, with an empty signature).
        case notCompactJWS
        /// The part is not strict base64url, or not a JSON object (invalid
        /// JSON, a duplicate member, nesting deeper than ``JWTVerifier/maximumJSONDepth``).
        case malformed(Part)
        /// The header's `alg` is not the key's algorithm (`none` included).
        case algorithmNotAllowed
        /// The header has `crit`: an extension this server does not implement.
        case unsupportedCriticalHeader
        /// The header's `typ` is present and not a JWT type.
        case unsupportedType
        /// The signature does not verify with the configured key.
        case badSignature
        /// `exp` plus the leeway is not after the current time.
        case expired
        /// `nbf` minus the leeway is after the current time.
        case notYetValid
        /// A claim the server needs is absent: `exp` and `sub` always, `iss`
        /// and `aud` when the verifier expects them.
        case missingClaim(Claim)
        /// A claim of the wrong type, or a `sub` or `iss` that is empty, too
        /// long or holds control characters.
        case invalidClaim(Claim)
        /// `iss` is not the issuer the verifier expects.
        case wrongIssuer
        /// `aud` does not name the audience the verifier expects, or names
        /// one when the verifier expects none (RFC 7519, section 4.1.3).
        case wrongAudience
    }

    /// What was wrong; map it to a status and a problem type.
    public let reason: Reason

    /// A rejection for `reason`.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// One sentence for the client, e.g. "the bearer token has expired".
    public var description: String {
        switch reason {
        case .tooLarge:
            "the bearer token is longer than \(JWTVerifier.maximumTokenBytes) bytes"
        case .notCompactJWS:
            "the bearer token is not a signed JWT (three base64url parts separated by dots)"
        case .malformed(let part):
            "the bearer token's \(part.rawValue) is not valid base64url"
                + (part == .signature ? "" : " of a JSON object (at most \(JWTVerifier.maximumJSONDepth) levels deep)")
        case .algorithmNotAllowed:
            "the bearer token's signing algorithm is not allowed"
        case .unsupportedCriticalHeader:
            "the bearer token has critical header parameters (crit) this server does not support"
        case .unsupportedType:
            "the bearer token's typ is not JWT"
        case .badSignature:
            "the bearer token's signature does not verify"
        case .expired:
            "the bearer token has expired"
        case .notYetValid:
            "the bearer token is not valid yet (nbf)"
        case .missingClaim(let name):
            "the bearer token has no '\(name.rawValue)' claim"
        case .invalidClaim(let name):
            "the bearer token's '\(name.rawValue)' claim is not valid"
        case .wrongIssuer:
            "the bearer token's issuer (iss) is not accepted"
        case .wrongAudience:
            "the bearer token's audience (aud) is not this server"
        }
    }
}
