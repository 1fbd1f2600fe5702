import CCrypto

/// JOSE's ECDSA signature form (RFC 7518, section 3.4): r and s as two
/// fixed-size big-endian numbers, where libcrypto verifies the DER
/// `ECDSA-Sig-Value` of RFC 3279.
enum ECDSASignature {
    /// The size of r and of s on P-256.
    static let p256ScalarBytes = 32

    /// The DER form of a P-256 `r‖s`, or `nil` when `raw` is not 64 bytes.
    static func der(fromJOSE raw: [UInt8]) -> [UInt8]? {
        let half = p256ScalarBytes
        guard raw.count == 2 * half, let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        let (r, s) = raw.withUnsafeBufferPointer { bytes -> (OpaquePointer?, OpaquePointer?) in
            guard let base = bytes.baseAddress else { return (nil, nil) }
            return (BN_bin2bn(base, Int32(half), nil), BN_bin2bn(base + half, Int32(half), nil))
        }
        // ECDSA_SIG_set0 takes r and s on success only.
        guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_ECDSA_SIG(signature, &cursor)
        }
        return written == length ? der : nil
    }
}
