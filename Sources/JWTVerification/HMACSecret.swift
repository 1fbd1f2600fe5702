import CCrypto

/// An HS256 secret shared with the token's issuer.
struct HMACSecret: Sendable {
    /// SHA-256's output, the only HS256 signature length.
    static let signatureBytes = 32

    let bytes: [UInt8]

    /// The secret in a key file that holds no PEM block: its bytes without
    /// trailing CR and LF, refused when empty, shorter than
    /// ``VerificationKey/minimumSecretBytes``, or a key in a form other than PEM.
    init(fileContents: [UInt8]) throws(KeyLoadingError) {
        var end = fileContents.count
        while end > 0, fileContents[end - 1] == UInt8(ascii: "\n") || fileContents[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        let secret = Array(fileContents[..<end])
        if secret.isEmpty { throw KeyLoadingError(.empty) }
        // The file as it is first: DER bytes may end in a CR or LF byte of their own.
        if let reason = ArmorlessKey.refusal(of: fileContents) ?? ArmorlessKey.refusal(of: secret) { throw KeyLoadingError(reason) }
        if secret.count < VerificationKey.minimumSecretBytes { throw KeyLoadingError(.secretTooShort(bytes: secret.count)) }
        bytes = secret
    }

    /// Whether `signature` is the HMAC-SHA256 of `message` under this secret,
    /// compared in constant time (CRYPTO_memcmp).
    func verifies(signature: [UInt8], of message: UnsafeBufferPointer<UInt8>) -> Bool {
        guard signature.count == Self.signatureBytes else { return false }
        var mac = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var macLength: UInt32 = 0
        let computed = bytes.withUnsafeBufferPointer { key in
            HMAC(EVP_sha256(), key.baseAddress, Int32(key.count), message.baseAddress, message.count, &mac, &macLength) != nil
        }
        guard computed, macLength == Self.signatureBytes else {
            ERR_clear_error()
            return false
        }
        return CRYPTO_memcmp(mac, signature, Self.signatureBytes) == 0
    }
}
