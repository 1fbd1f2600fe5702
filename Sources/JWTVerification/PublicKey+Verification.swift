import CCrypto

extension PublicKey {
    /// Whether `signature` (a JWS signature: RSASSA-PKCS1-v1_5 bytes, or
    /// ECDSA's r‖s) is this key's signature of `message` with SHA-256.
    /// libcrypto refuses an RSA signature that is not exactly the modulus long.
    func verifies(signature: [UInt8], of message: UnsafeBufferPointer<UInt8>) -> Bool {
        switch algorithm {
        case .es256:
            guard let der = ECDSASignature.der(fromJOSE: signature) else { return false }
            return digestVerifies(der, message)
        default:
            return digestVerifies(signature, message)
        }
    }

    /// libcrypto's EVP_DigestVerify with SHA-256 and, for RSA, PKCS#1 v1.5 padding.
    private func digestVerifies(_ signature: [UInt8], _ message: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer?
        var verified =
            EVP_DigestVerifyInit(context, &keyContext, sha256, nil, key) == 1
            && (algorithm != .rs256 || EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PADDING) == 1)
        if verified {
            verified = signature.withUnsafeBufferPointer { signature in
                EVP_DigestVerify(context, signature.baseAddress, signature.count, message.baseAddress, message.count) == 1
            }
        }
        // A refused signature leaves reasons on this thread's error queue; they mean nothing to the next caller.
        if !verified { ERR_clear_error() }
        return verified
    }
}
