import JSON
import JWTTestSupport
import JWTVerification

/// The fixed time, keys and claims the verifier's tests share.
enum TokenFixture {
    /// "Now" for every test: 2023-11-14T22:13:20Z. No test reads a clock.
    static let now: Double = 1_700_000_000
    /// A 32-byte HS256 secret.
    static let secret = Array("kT3v9QmZ2xW8pL5rN7bY4cF6hJ1dS0aE".utf8)

    /// Claims that pass every check at ``now``, with `extra` members set (a `.null` removes one).
    static func claims(_ extra: JSONObject = [:]) -> JSONObject {
        var claims: JSONObject = ["sub": "user-1", "exp": .number(now + 600), "iat": .number(now)]
        // JSONValue is ExpressibleByNilLiteral: spell out the Optional that removes a member.
        for (name, value) in extra { claims[name] = value.isNull ? Optional<JSONValue>.none : value }
        return claims
    }

    static func hs256() -> TestSigner { .hs256(secret: secret) }
    static func rs256() throws -> TestSigner { .rs256(try TestKeyPair.rsa2048.get()) }
    static func es256() throws -> TestSigner { .es256(try TestKeyPair.p256.get()) }
    static func allSigners() throws -> [TestSigner] { [hs256(), try rs256(), try es256()] }

    /// The key a server configured for `signer`'s tokens loads.
    static func key(for signer: TestSigner) throws -> VerificationKey {
        switch signer {
        case .hs256(let secret): try VerificationKey(fileContents: secret)
        case .rs256(let pair), .es256(let pair): try VerificationKey(fileContents: pair.publicPEM)
        }
    }

    static func verifier(for signer: TestSigner, issuer: String? = nil, audience: String? = nil) throws -> JWTVerifier {
        JWTVerifier(key: try key(for: signer), issuer: issuer, audience: audience)
    }
}

/// Why `verifier` refuses `token` at `now`, or `nil` when it accepts it.
func rejection(of token: String, by verifier: JWTVerifier, at now: Double = TokenFixture.now) -> TokenRejection.Reason? {
    do {
        _ = try verifier.verify(token, now: now)
        return nil
    } catch {
        return error.reason
    }
}

/// Why loading `contents` as a key fails, or `nil` when it loads.
func loadingFailure(_ contents: [UInt8]) -> KeyLoadingError.Reason? {
    do {
        _ = try VerificationKey(fileContents: contents)
        return nil
    } catch {
        return error.reason
    }
}
