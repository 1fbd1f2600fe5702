import Foundation
import JWTTestSupport
import TestSupport
import Testing

@testable import JWTVerification

@Suite("VerificationKey loading", .timeLimit(.minutes(10)), .hangGuard)
struct VerificationKeyTests {
    // MARK: - Keys that load

    @Test func rsaPublicKeyVerifiesRS256() throws {
        let key = try VerificationKey(fileContents: try TestKeyPair.rsa2048.get().publicPEM)
        #expect(key.algorithm == .rs256)
        #expect(key.description == "an RS256 public key (RSA, 2048 bits)")
    }

    @Test func p256PublicKeyVerifiesES256() throws {
        let key = try VerificationKey(fileContents: try TestKeyPair.p256.get().publicPEM)
        #expect(key.algorithm == .es256)
        #expect(key.description == "an ES256 public key (EC P-256)")
    }

    @Test func textBeforeThePEMBlockIsAllowed() throws {
        let contents = Array("Our issuer's signing key, rotated yearly.\n".utf8) + (try TestKeyPair.p256.get().publicPEM)
        #expect(try VerificationKey(fileContents: contents).algorithm == .es256)
    }

    @Test func anythingElseIsAnHS256SecretWithoutTrailingLineBreaks() throws {
        let secret = TokenFixture.secret
        for contents in [secret, secret + [0x0A], secret + [0x0D, 0x0A], secret + [0x0A, 0x0A]] {
            let key = try VerificationKey(fileContents: contents)
            #expect(key.algorithm == .hs256)
            #expect(key.description == "an HS256 secret of 32 bytes")
            // The trimmed secret is the one that verifies.
            let token = try TestSigner.hs256(secret: secret).token(TokenFixture.claims())
            #expect(rejection(of: token, by: JWTVerifier(key: key)) == nil)
        }
        // Leading whitespace and inner line breaks are part of the secret.
        let spaced = try VerificationKey(fileContents: [0x20] + secret)
        let token = try TestSigner.hs256(secret: secret).token(TokenFixture.claims())
        #expect(rejection(of: token, by: JWTVerifier(key: spaced)) == .badSignature)
    }

    // MARK: - Weak keys

    @Test func shortSecretsAreRefused() {
        #expect(loadingFailure(Array(TokenFixture.secret.dropLast())) == .secretTooShort(bytes: 31))
        #expect(loadingFailure(Array(TokenFixture.secret.dropLast()) + [0x0A]) == .secretTooShort(bytes: 31))
        #expect(loadingFailure(Array("secret\n".utf8)) == .secretTooShort(bytes: 6))
        #expect(loadingFailure([]) == .empty)
        #expect(loadingFailure([0x0A, 0x0D, 0x0A]) == .empty)
    }

    @Test func rsaKeysUnder2048BitsAreRefused() throws {
        #expect(loadingFailure(try TestKeyPair.rsa1024.get().publicPEM) == .weakRSAKey(bits: 1024))
    }

    @Test func curvesOtherThanP256AreRefused() throws {
        #expect(loadingFailure(try TestKeyPair.p384.get().publicPEM) == .unsupportedCurve("secp384r1"))
        #expect(loadingFailure(try TestKeyPair.secp256k1.get().publicPEM) == .unsupportedCurve("secp256k1"))
    }

    @Test func otherKeyTypesAreRefused() throws {
        #expect(loadingFailure(try TestKeyPair.ed25519.get().publicPEM) == .unsupportedKeyType("ED25519"))
        #expect(loadingFailure(try TestKeyPair.rsaPSS.get().publicPEM) == .unsupportedKeyType("RSA-PSS"))
    }

    // MARK: - Keys in the wrong form

    @Test func privateKeysAndCertificatesAreRefused() throws {
        let pair = try TestKeyPair.p256.get()
        #expect(loadingFailure(pair.privatePEM) == .privateKey)
        #expect(loadingFailure(pem("RSA PRIVATE KEY", body: "MIIBOgIBAAJBAK")) == .privateKey)
        #expect(loadingFailure(pem("ENCRYPTED PRIVATE KEY", body: "MIIBOgIBAAJBAK")) == .privateKey)
        #expect(loadingFailure(pair.certificatePEM) == .certificate)
        #expect(loadingFailure(pem("RSA PUBLIC KEY", body: "MEgCQQC")) == .rsaPublicKeyInPKCS1Form)
        #expect(loadingFailure(pem("EC PARAMETERS", body: "BggqhkjOPQMBBw==")) == .unsupportedPEMBlock(label: "EC PARAMETERS"))
        #expect(loadingFailure(pair.publicPEM + pair.certificatePEM) == .severalPEMBlocks(count: 2))
    }

    /// A public key or certificate without its PEM lines would otherwise be an
    /// HS256 secret that anyone can read.
    @Test func keysWithoutPEMArmorNeverBecomeSecrets() throws {
        let pair = try TestKeyPair.rsa2048.get()
        let ec = try TestKeyPair.p256.get()
        for publicPEM in [pair.publicPEM, ec.publicPEM] {
            #expect(loadingFailure(body(of: publicPEM)) == .publicKeyWithoutPEMArmor)
            #expect(loadingFailure(der(of: publicPEM)) == .publicKeyWithoutPEMArmor)
        }
        #expect(loadingFailure(body(of: pair.certificatePEM)) == .certificate)
        #expect(loadingFailure(der(of: pair.certificatePEM)) == .certificate)
        #expect(loadingFailure(der(of: pair.privatePEM)) == .privateKey)
        #expect(loadingFailure(body(of: ec.privatePEM)) == .privateKey)
    }

    /// DER bytes that end in a line feed (one key in 256 or so) are a key
    /// too: the line ending a text secret may have is not cut off first.
    @Test func aDERKeyEndingInALineFeedNeverBecomesASecret() throws {
        var found: [UInt8]?
        for _ in 0..<5000 where found == nil {
            let der = der(of: try TestKeyPair.newP256().publicPEM)
            if der.last == UInt8(ascii: "\n") { found = der }
        }
        let der = try #require(found, "no P-256 public key of 5,000 ends in a line feed")
        #expect(loadingFailure(der) == .publicKeyWithoutPEMArmor)
    }

    @Test func damagedPublicKeysAreRefused() throws {
        var damaged = String(decoding: try TestKeyPair.p256.get().publicPEM, as: UTF8.self)
        damaged = damaged.replacingOccurrences(of: "\n", with: "\n!", options: [], range: damaged.range(of: "KEY-----\n"))
        #expect(loadingFailure(Array(damaged.utf8)) == .unreadablePublicKey)
        #expect(loadingFailure(pem("PUBLIC KEY", body: "AAAA")) == .unreadablePublicKey)
    }

    @Test func hugeFilesAreRefusedUnread() {
        let size = VerificationKey.maximumFileBytes + 1
        #expect(loadingFailure([UInt8](repeating: 0x41, count: size)) == .tooLarge(bytes: size))
        #expect(loadingFailure([UInt8](repeating: 0x41, count: size - 1)) == nil)
    }

    // MARK: - Messages

    @Test func messagesSayWhatToDoWithoutShowingTheKey() throws {
        let error = #expect(throws: KeyLoadingError.self) { try VerificationKey(fileContents: Array("hunter2-hunter2\n".utf8)) }
        #expect(error?.description.contains("use at least 32 random bytes") == true)
        #expect(error?.description.contains("hunter2") == false)
        #expect(KeyLoadingError(.privateKey).description.contains("-pubout"))
        let key = try VerificationKey(fileContents: TokenFixture.secret)
        var dumped = ""
        dump(key, to: &dumped)
        for shown in ["\(key)", String(reflecting: key), dumped] {
            #expect(!shown.contains("kT3v9"))
            #expect(!shown.contains("107"))  // the secret's first byte, as a number
        }
        #expect(KeyLoadingError(.weakRSAKey(bits: 1024)).description.contains("at least 2048 bits"))
    }

    // MARK: - Helpers

    private func pem(_ label: String, body: String) -> [UInt8] {
        Array("-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----\n".utf8)
    }

    /// The base64 lines of a PEM block, without its BEGIN and END lines.
    private func body(of pem: [UInt8]) -> [UInt8] {
        let lines = String(decoding: pem, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("-----") }
        return Array(lines.joined(separator: "\n").utf8)
    }

    private func der(of pem: [UInt8]) -> [UInt8] {
        let text = String(decoding: body(of: pem), as: UTF8.self)
        return Data(base64Encoded: text, options: .ignoreUnknownCharacters).map(Array.init) ?? []
    }
}
