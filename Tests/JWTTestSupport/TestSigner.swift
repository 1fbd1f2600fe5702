import CCrypto
import Foundation
import JSON

/// Signs test tokens the way an issuer would, with libcrypto. Test code only:
/// the library verifies, it never signs.
public enum TestSigner: Sendable {
    case hs256(secret: [UInt8])
    case rs256(TestKeyPair)
    case es256(TestKeyPair)

    /// The `alg` this signer's tokens name.
    public var algorithm: String {
        switch self {
        case .hs256: "HS256"
        case .rs256: "RS256"
        case .es256: "ES256"
        }
    }

    /// The JWS signature of `input`: an HMAC, PKCS#1 v1.5 bytes, or ECDSA's r‖s.
    public func sign(_ input: [UInt8]) throws -> [UInt8] {
        switch self {
        case .hs256(let secret):
            var mac = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            guard HMAC(EVP_sha256(), secret, Int32(secret.count), input, input.count, &mac, &length) != nil else {
                throw LibcryptoFailure(step: "compute an HMAC")
            }
            return Array(mac[..<Int(length)])
        case .rs256(let pair):
            return try Self.digestSign(input, with: pair)
        case .es256(let pair):
            return try Self.joseSignature(fromDER: try Self.digestSign(input, with: pair))
        }
    }

    /// A compact JWS of `header` and `claims`; the header gets this signer's
    /// `alg` and `typ: JWT` unless it has its own.
    public func token(_ claims: JSONObject, header: JSONObject = [:]) throws -> String {
        var header = header
        if header["alg"] == nil { header["alg"] = .string(algorithm) }
        if header["typ"] == nil { header["typ"] = "JWT" }
        return try token(
            rawHeader: Array(JSONValue.object(header).jsonString.utf8), rawClaims: Array(JSONValue.object(claims).jsonString.utf8))
    }

    /// A compact JWS of exactly these header and claims bytes.
    public func token(rawHeader: [UInt8], rawClaims: [UInt8]) throws -> String {
        let input = base64URL(rawHeader) + "." + base64URL(rawClaims)
        return input + "." + base64URL(try sign(Array(input.utf8)))
    }

    private static func digestSign(_ input: [UInt8], with pair: TestKeyPair) throws -> [UInt8] {
        let key = try pair.privateKey()
        defer { EVP_PKEY_free(key) }
        guard let context = EVP_MD_CTX_new() else { throw LibcryptoFailure(step: "make a digest context") }
        defer { EVP_MD_CTX_free(context) }
        var length = 0
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1,
            EVP_DigestSign(context, nil, &length, input, input.count) == 1
        else { throw LibcryptoFailure(step: "start a signature") }
        var signature = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &signature, &length, input, input.count) == 1 else { throw LibcryptoFailure(step: "sign") }
        return Array(signature[..<length])
    }

    /// DER `ECDSA-Sig-Value` to JOSE's 32-byte r and s.
    public static func joseSignature(fromDER der: [UInt8]) throws -> [UInt8] {
        let decoded = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let signature = decoded else { throw LibcryptoFailure(step: "read an ECDSA signature") }
        defer { ECDSA_SIG_free(signature) }
        var raw = [UInt8](repeating: 0, count: 64)
        let written = raw.withUnsafeMutableBufferPointer { buffer in
            BN_bn2binpad(ECDSA_SIG_get0_r(signature), buffer.baseAddress, 32)
                + BN_bn2binpad(ECDSA_SIG_get0_s(signature), buffer.baseAddress.map { $0 + 32 }, 32)
        }
        guard written == 64 else { throw LibcryptoFailure(step: "write r and s") }
        return raw
    }
}

/// Unpadded base64url, through Foundation's base64 (independent of the library's decoder).
public func base64URL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
}

/// The bytes of a base64url part, through Foundation.
public func bytes(ofBase64URL text: Substring) -> [UInt8] {
    var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    return Data(base64Encoded: standard).map(Array.init) ?? []
}
