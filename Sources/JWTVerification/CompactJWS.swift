import JSON

/// A token's three parts, split at its two dots (RFC 7515, section 7.1) and
/// decoded only on demand. Views into the caller's buffer: it must not outlive it.
struct CompactJWS {
    /// `header.claims`: the bytes the signature covers.
    let signingInput: UnsafeBufferPointer<UInt8>
    private let encodedHeader: UnsafeBufferPointer<UInt8>
    private let encodedClaims: UnsafeBufferPointer<UInt8>
    private let encodedSignature: UnsafeBufferPointer<UInt8>

    /// Splits `token`, refusing anything but exactly two dots.
    init(_ token: UnsafeBufferPointer<UInt8>) throws(TokenRejection) {
        let dot = UInt8(ascii: ".")
        guard let first = token.firstIndex(of: dot), let second = token[(first + 1)...].firstIndex(of: dot),
            !token[(second + 1)...].contains(dot)
        else { throw TokenRejection(.notCompactJWS) }
        signingInput = UnsafeBufferPointer(rebasing: token[..<second])
        encodedHeader = UnsafeBufferPointer(rebasing: token[..<first])
        encodedClaims = UnsafeBufferPointer(rebasing: token[(first + 1)..<second])
        encodedSignature = UnsafeBufferPointer(rebasing: token[(second + 1)...])
    }

    /// The protected header, a JSON object.
    func header() throws(TokenRejection) -> JSONObject {
        try Self.object(encodedHeader, part: .header)
    }

    /// The claims set, a JSON object; read it only once the signature verifies.
    func claims() throws(TokenRejection) -> JSONObject {
        try Self.object(encodedClaims, part: .claims)
    }

    /// The signature's bytes.
    func signature() throws(TokenRejection) -> [UInt8] {
        guard let bytes = Base64URL.decode(encodedSignature) else { throw TokenRejection(.malformed(.signature)) }
        return bytes
    }

    private static func object(_ encoded: UnsafeBufferPointer<UInt8>, part: TokenRejection.Part) throws(TokenRejection) -> JSONObject {
        guard let bytes = Base64URL.decode(encoded),
            let object = try? JSONParser.parse(bytes, maxDepth: JWTVerifier.maximumJSONDepth).objectValue
        else { throw TokenRejection(.malformed(part)) }
        return object
    }
}
