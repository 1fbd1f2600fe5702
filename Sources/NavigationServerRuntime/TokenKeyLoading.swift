import JWTVerification
import NavigationAPI
import Platform

/// The token authority of `--auth jwt`: the key file read and checked at
/// start, so that a missing, unreadable or weak key stops the server with
/// one line instead of refusing every request later.
enum TokenKeyLoading {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Nil without `--auth jwt`.
    static func authority(for configuration: ServerConfiguration) throws(Failure) -> TokenAuthority? {
        guard configuration.auth == .jwt, let path = configuration.jwtKeyPath else { return nil }
        let bytes = try read(path, atMost: VerificationKey.maximumFileBytes + 1)
        let key: VerificationKey
        do {
            key = try VerificationKey(fileContents: bytes)
        } catch {
            throw Failure(description: "--jwt-key \(path): \(error)")
        }
        return TokenAuthority(
            verifier: JWTVerifier(key: key, issuer: configuration.jwtIssuer, audience: configuration.jwtAudience))
    }

    /// At most `limit` bytes of the file at `path` (a longer one is refused by the key's own check).
    private static func read(_ path: String, atMost limit: Int) throws(Failure) -> [UInt8] {
        do {
            return try SmallFiles.bytes(ofFile: path, atMost: limit)
        } catch {
            throw Failure(description: "--jwt-key \(path): \(error)")
        }
    }
}
