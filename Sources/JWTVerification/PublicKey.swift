import CCrypto

/// An RSA or EC P-256 public key held by libcrypto (an `EVP_PKEY`), with the
/// SHA-256 implementation fetched once for all its verifications.
///
/// Loaded once and shared by every request thread. OpenSSL allows an
/// `EVP_PKEY` and an `EVP_MD` to be used by many threads at once as long as
/// none changes them (openssl-threads(7)); nothing here changes either after
/// `init`, and `deinit` frees them when the last verifier is gone. That is why
/// this small immutable class is `@unchecked Sendable` without a lock.
final class PublicKey: @unchecked Sendable, CustomStringConvertible {
    let algorithm: JWTAlgorithm
    /// The RSA modulus or EC group size in bits.
    let bits: Int
    /// `EVP_PKEY *`
    let key: OpaquePointer
    /// `EVP_MD *`: SHA-256.
    let sha256: OpaquePointer

    /// Decodes the one `PUBLIC KEY` block in `pem` and checks that it is an
    /// RSA key of at least ``VerificationKey/minimumRSABits`` or an EC key on P-256.
    init(pem: [UInt8]) throws(KeyLoadingError) {
        defer { ERR_clear_error() }
        let decoded = pem.withUnsafeBytes { bytes -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PUBKEY(bio, nil, nil, nil)
        }
        guard let key = decoded else { throw KeyLoadingError(.unreadablePublicKey) }
        let kind: (algorithm: JWTAlgorithm, bits: Int)
        do {
            kind = try Self.algorithm(of: key)
        } catch {
            EVP_PKEY_free(key)
            throw error
        }
        guard let sha256 = EVP_MD_fetch(nil, "SHA256", nil) else {
            EVP_PKEY_free(key)
            throw KeyLoadingError(.unreadablePublicKey)
        }
        self.key = key
        self.sha256 = sha256
        algorithm = kind.algorithm
        bits = kind.bits
    }

    deinit {
        EVP_MD_free(sha256)
        EVP_PKEY_free(key)
    }

    /// "an RS256 public key (RSA, 2048 bits)" or "an ES256 public key (EC P-256)".
    var description: String {
        switch algorithm {
        case .es256: "an ES256 public key (EC P-256)"
        default: "an \(algorithm.rawValue) public key (RSA, \(bits) bits)"
        }
    }

    /// The algorithm `key` verifies and its size, or why it is refused.
    private static func algorithm(of key: OpaquePointer) throws(KeyLoadingError) -> (JWTAlgorithm, Int) {
        let bits = Int(EVP_PKEY_get_bits(key))
        switch EVP_PKEY_get_base_id(key) {
        case EVP_PKEY_RSA:
            if bits < VerificationKey.minimumRSABits { throw KeyLoadingError(.weakRSAKey(bits: bits)) }
            return (.rs256, bits)
        case EVP_PKEY_EC:
            let curve = groupName(of: key)
            let nid = curve.map { name in
                let nid = OBJ_txt2nid(name)
                return nid != NID_undef ? nid : EC_curve_nist2nid(name)
            }
            if nid != NID_X9_62_prime256v1 { throw KeyLoadingError(.unsupportedCurve(curve ?? "given by explicit parameters")) }
            return (.es256, bits)
        default:
            throw KeyLoadingError(.unsupportedKeyType(EVP_PKEY_get0_type_name(key).map { String(cString: $0) } ?? "unknown"))
        }
    }

    /// The curve's name, e.g. "prime256v1", or `nil` for explicit parameters
    /// that are no named curve (libcrypto names those of P-256 "prime256v1").
    private static func groupName(of key: OpaquePointer) -> String? {
        var name = [CChar](repeating: 0, count: 80)
        var length = 0
        guard EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1, length > 0 else { return nil }
        return String(decoding: name[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
