import CCrypto

/// Keys and certificates without their PEM lines: DER bytes, or the base64
/// text of a PEM block whose `-----BEGIN` and `-----END` lines were cut off.
///
/// A file like that holds no PEM block, so it would be read as an HS256
/// secret; for a public key or certificate that secret would be public, and
/// anyone could sign tokens. So the secret's bytes, and the bytes its text
/// decodes to as base64, are tried as DER first.
enum ArmorlessKey {
    /// Why `secret` cannot be an HS256 secret, or `nil` when it is no key.
    static func refusal(of secret: [UInt8]) -> KeyLoadingError.Reason? {
        if let reason = kind(ofDER: secret) { return reason }
        guard let decoded = base64Decoded(secret) else { return nil }
        return kind(ofDER: decoded)
    }

    /// What libcrypto reads `der` as: a public key, a certificate, a private key, or nothing.
    private static func kind(ofDER der: [UInt8]) -> KeyLoadingError.Reason? {
        defer { ERR_clear_error() }
        return der.withUnsafeBufferPointer { buffer -> KeyLoadingError.Reason? in
            let length = buffer.count
            var cursor = buffer.baseAddress
            if let key = d2i_PUBKEY(nil, &cursor, length) {
                EVP_PKEY_free(key)
                return .publicKeyWithoutPEMArmor
            }
            cursor = buffer.baseAddress
            if let key = d2i_PublicKey(EVP_PKEY_RSA, nil, &cursor, length) {
                EVP_PKEY_free(key)
                return .publicKeyWithoutPEMArmor
            }
            cursor = buffer.baseAddress
            if let certificate = d2i_X509(nil, &cursor, length) {
                X509_free(certificate)
                return .certificate
            }
            cursor = buffer.baseAddress
            if let key = d2i_AutoPrivateKey(nil, &cursor, length) {
                EVP_PKEY_free(key)
                return .privateKey
            }
            return nil
        }
    }

    /// The bytes `text` encodes as standard base64 (line breaks and spaces
    /// ignored), or `nil` when it is not base64.
    private static func base64Decoded(_ text: [UInt8]) -> [UInt8]? {
        let compact = text.filter { !isWhitespace($0) }
        guard !compact.isEmpty, compact.count % 4 == 0, compact.allSatisfy(isBase64) else { return nil }
        var decoded = [UInt8](repeating: 0, count: compact.count / 4 * 3)
        let length = EVP_DecodeBlock(&decoded, compact, Int32(compact.count))
        return length > 0 ? decoded : nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }
}
