/// The key a ``JWTVerifier`` checks signatures with, read from the file an
/// operator names (`--jwt-key FILE`); it decides the one algorithm a token
/// may use.
///
/// What the file holds:
/// - one PEM `PUBLIC KEY` block: an RSA key of at least ``minimumRSABits``
///   verifies RS256, an EC key on P-256 verifies ES256; any other type or
///   curve is refused;
/// - anything else is an HS256 secret: the file's bytes as they are, without
///   trailing line breaks (a hex or base64 secret is used as its text, not
///   decoded), at least ``minimumSecretBytes`` of them.
///
/// Files that hold a key in another form (a private key, a certificate, a
/// PKCS#1 RSA key, several blocks, a public key as DER or as base64 without
/// its PEM lines) are refused with a ``KeyLoadingError`` that says what to
/// give instead, so that public bytes can never become an HMAC secret.
public struct VerificationKey: Sendable, CustomStringConvertible, CustomReflectable {
    /// The shortest HS256 secret accepted: 256 bits, SHA-256's output size (RFC 7518, section 3.2).
    public static let minimumSecretBytes = 32
    /// The smallest RSA modulus accepted (RFC 7518, section 3.3).
    public static let minimumRSABits = 2048
    /// No key or secret file is larger; a larger file is the wrong file.
    public static let maximumFileBytes = 65_536

    enum Material: Sendable {
        case secret(HMACSecret)
        case publicKey(PublicKey)
    }

    let material: Material

    /// Reads a key from the whole contents of a key file.
    public init(fileContents: [UInt8]) throws(KeyLoadingError) {
        if fileContents.count > Self.maximumFileBytes { throw KeyLoadingError(.tooLarge(bytes: fileContents.count)) }
        let labels = PEMBlock.labels(in: fileContents)
        guard let label = labels.first else {
            material = .secret(try HMACSecret(fileContents: fileContents))
            return
        }
        if labels.count > 1 { throw KeyLoadingError(.severalPEMBlocks(count: labels.count)) }
        switch label {
        case "PUBLIC KEY":
            material = .publicKey(try PublicKey(pem: fileContents))
        case "RSA PUBLIC KEY":
            throw KeyLoadingError(.rsaPublicKeyInPKCS1Form)
        case "CERTIFICATE", "TRUSTED CERTIFICATE", "X509 CERTIFICATE":
            throw KeyLoadingError(.certificate)
        case _ where label.hasSuffix("PRIVATE KEY"):
            throw KeyLoadingError(.privateKey)
        default:
            throw KeyLoadingError(.unsupportedPEMBlock(label: label))
        }
    }

    /// The one algorithm tokens verified with this key must name in `alg`.
    public var algorithm: JWTAlgorithm {
        switch material {
        case .secret: .hs256
        case .publicKey(let key): key.algorithm
        }
    }

    /// What the key is, for the server's start-up log, e.g. "an RS256 public
    /// key (RSA, 2048 bits)"; never the key's bytes.
    public var description: String {
        switch material {
        case .secret(let secret): "an HS256 secret of \(secret.bytes.count) bytes"
        case .publicKey(let key): key.description
        }
    }

    /// Only the algorithm, so that `dump` and debuggers never show a secret.
    public var customMirror: Mirror {
        Mirror(self, children: ["algorithm": algorithm])
    }

    /// Whether `signature` is this key's signature of `message` with ``algorithm``.
    func verifies(signature: [UInt8], of message: UnsafeBufferPointer<UInt8>) -> Bool {
        switch material {
        case .secret(let secret): secret.verifies(signature: signature, of: message)
        case .publicKey(let key): key.verifies(signature: signature, of: message)
        }
    }
}
