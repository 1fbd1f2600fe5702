/// Why ``VerificationKey/init(fileContents:)`` refused a key file.
///
/// `description` is one sentence for the operator, saying what the file holds
/// and what to give instead; the caller puts the file's name in front of it.
/// It never shows the key's bytes.
public struct KeyLoadingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the file holds, or what is wrong with it.
    public enum Reason: Sendable, Equatable {
        /// Nothing, or only line breaks.
        case empty
        /// More than ``VerificationKey/maximumFileBytes``.
        case tooLarge(bytes: Int)
        /// Not a key, so read as an HS256 secret, and shorter than ``VerificationKey/minimumSecretBytes``.
        case secretTooShort(bytes: Int)
        /// A private key (PEM or DER).
        case privateKey
        /// A certificate (PEM or DER).
        case certificate
        /// `-----BEGIN RSA PUBLIC KEY-----` (PKCS#1) rather than a SubjectPublicKeyInfo.
        case rsaPublicKeyInPKCS1Form
        /// A public key as DER, or as base64 without its PEM lines: public
        /// bytes that must never become an HMAC secret.
        case publicKeyWithoutPEMArmor
        /// More than one `-----BEGIN` block.
        case severalPEMBlocks(count: Int)
        /// A PEM block of another kind, e.g. `EC PARAMETERS`.
        case unsupportedPEMBlock(label: String)
        /// A `PUBLIC KEY` block libcrypto cannot decode.
        case unreadablePublicKey
        /// A public key of a type other than RSA and EC, e.g. `ED25519` or `RSA-PSS`.
        case unsupportedKeyType(String)
        /// An EC public key on a curve other than P-256.
        case unsupportedCurve(String)
        /// An RSA public key shorter than ``VerificationKey/minimumRSABits``.
        case weakRSAKey(bits: Int)
    }

    /// What was wrong; compare it in tests.
    public let reason: Reason

    init(_ reason: Reason) {
        self.reason = reason
    }

    /// One sentence for the operator, e.g. "the key file holds a certificate: …".
    public var description: String {
        switch reason {
        case .empty:
            "the key file is empty: it must hold a PEM public key (RS256, ES256) "
                + "or an HS256 secret of at least \(VerificationKey.minimumSecretBytes) bytes"
        case .tooLarge(let bytes):
            "the key file is \(bytes) bytes, more than any key or secret needs "
                + "(at most \(VerificationKey.maximumFileBytes)): is it the right file?"
        case .secretTooShort(let bytes):
            "the key file is not a PEM public key, so it is read as an HS256 secret, and its \(bytes) bytes are too few: "
                + "use at least \(VerificationKey.minimumSecretBytes) random bytes (for example `openssl rand -hex 32`)"
        case .privateKey:
            "the key file holds a private key: give the server only the public key "
                + "(`openssl pkey -in private.pem -pubout -out public.pem`)"
        case .certificate:
            "the key file holds a certificate: give the server its public key "
                + "(`openssl x509 -in certificate.pem -pubkey -noout > public.pem`)"
        case .rsaPublicKeyInPKCS1Form:
            "the key file holds an RSA PUBLIC KEY block (PKCS#1): convert it to a PUBLIC KEY block "
                + "(`openssl rsa -RSAPublicKey_in -in key.pem -pubout -out public.pem`)"
        case .publicKeyWithoutPEMArmor:
            "the key file holds a public key without its PEM lines (DER, or bare base64), "
                + "which must not be used as an HS256 secret: give it in PEM form, "
                + "between -----BEGIN PUBLIC KEY----- and -----END PUBLIC KEY----- lines"
        case .severalPEMBlocks(let count):
            "the key file holds \(count) PEM blocks: give exactly one PUBLIC KEY block"
        case .unsupportedPEMBlock(let label):
            "the key file holds a PEM '\(label)' block: give a PUBLIC KEY block (RSA or EC P-256)"
        case .unreadablePublicKey:
            "the key file's PUBLIC KEY block cannot be decoded: is it complete and unedited?"
        case .unsupportedKeyType(let type):
            "the key file holds a public key of type \(type): the server verifies RS256 (RSA) and ES256 (EC P-256) tokens"
        case .unsupportedCurve(let curve):
            "the key file holds an EC public key on the curve \(curve): ES256 needs P-256 (prime256v1)"
        case .weakRSAKey(let bits):
            "the key file holds a \(bits)-bit RSA public key: RS256 needs at least \(VerificationKey.minimumRSABits) bits"
        }
    }
}
