import JSON
import JWTTestSupport
import JWTVerification
import TestSupport
import Testing

@Suite("JWTVerifier signatures and algorithms", .timeLimit(.minutes(10)), .hangGuard)
struct JWTVerifierSignatureTests {
    private let now = TokenFixture.now

    // MARK: - Valid tokens

    @Test func validTokensOfEachAlgorithmGiveTheirOwner() throws {
        for signer in try TokenFixture.allSigners() {
            let verifier = try TokenFixture.verifier(for: signer)
            let verified = try verifier.verify(try signer.token(TokenFixture.claims()), now: now)
            #expect(verified.owner == TokenOwner(issuer: nil, subject: "user-1"), "\(signer.algorithm)")
            #expect(verified.expiresAt == now + 600)
            // The same token as bytes.
            let bytes = Array(try signer.token(TokenFixture.claims()).utf8)
            #expect(try verifier.verify(bytes, now: now).owner.subject == "user-1")
        }
    }

    // MARK: - Bad signatures

    @Test func oneFlippedBitInAnyPartIsABadSignature() throws {
        for signer in try TokenFixture.allSigners() {
            let verifier = try TokenFixture.verifier(for: signer)
            let token = try signer.token(TokenFixture.claims(["name": "Ada"]), header: ["kid": "key-1"])
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            // A bit inside a string value, so header and claims stay valid JSON.
            let header = flippingLowBit(of: "key-1", in: bytes(ofBase64URL: parts[0]))
            let claims = flippingLowBit(of: "Ada", in: bytes(ofBase64URL: parts[1]))
            var signature = bytes(ofBase64URL: parts[2])
            signature[signature.count / 2] ^= 0x01
            for forged in [
                [base64URL(header), String(parts[1]), String(parts[2])], [String(parts[0]), base64URL(claims), String(parts[2])],
                [String(parts[0]), String(parts[1]), base64URL(signature)],
            ] {
                #expect(rejection(of: forged.joined(separator: "."), by: verifier) == .badSignature, "\(signer.algorithm)")
            }
        }
    }

    /// Strict base64url makes every encoding unique: no change to a token's
    /// text, not even to the unused low bits of a last character, keeps it valid.
    @Test func everyOneCharacterChangeIsRefused() throws {
        for signer in try TokenFixture.allSigners() {
            let verifier = try TokenFixture.verifier(for: signer)
            let token = Array(try signer.token(TokenFixture.claims()).utf8)
            for position in token.indices where token[position] != UInt8(ascii: ".") {
                var changed = token
                changed[position] = nextBase64URLCharacter(after: token[position])
                #expect(rejection(of: String(decoding: changed, as: UTF8.self), by: verifier) != nil, "\(signer.algorithm) at \(position)")
            }
        }
    }

    @Test func signaturesOfTheWrongShapeAreBad() throws {
        let hs256 = TokenFixture.hs256()
        let hmacToken = try hs256.token(TokenFixture.claims())
        let hmacInput = hmacToken[..<(hmacToken.lastIndex(of: ".") ?? hmacToken.endIndex)]
        let mac = try hs256.sign(Array(hmacInput.utf8))
        // A prefix of the right MAC, or the MAC with more after it, is no MAC.
        for wrong in [[], Array(mac.prefix(1)), Array(mac.prefix(16)), Array(mac.dropLast()), mac + [0]] {
            #expect(rejection(of: hmacInput + "." + base64URL(wrong), by: try TokenFixture.verifier(for: hs256)) == .badSignature)
        }

        let es256 = try TokenFixture.es256()
        let verifier = try TokenFixture.verifier(for: es256)
        let token = try es256.token(TokenFixture.claims())
        let signingInput = token[..<(token.lastIndex(of: ".") ?? token.endIndex)]
        // r = s = 0 verifies in broken ECDSA code (CVE-2022-21449); libcrypto refuses it.
        #expect(rejection(of: signingInput + "." + base64URL([UInt8](repeating: 0, count: 64)), by: verifier) == .badSignature)
        // The DER form some signers emit instead of r‖s.
        let der = try derSignature(of: try es256.sign(Array(signingInput.utf8)))
        #expect(rejection(of: signingInput + "." + base64URL(der), by: verifier) == .badSignature)
        #expect(rejection(of: signingInput + ".", by: verifier) == .badSignature)

        let rs256 = try TokenFixture.rs256()
        let rsaToken = try rs256.token(TokenFixture.claims())
        let rsaInput = rsaToken[..<(rsaToken.lastIndex(of: ".") ?? rsaToken.endIndex)]
        let rsaSignature = try rs256.sign(Array(rsaInput.utf8))
        let rsaVerifier = try TokenFixture.verifier(for: rs256)
        #expect(rejection(of: rsaInput + "." + base64URL([0] + rsaSignature), by: rsaVerifier) == .badSignature)
        #expect(rejection(of: rsaInput + "." + base64URL(Array(rsaSignature.dropFirst())), by: rsaVerifier) == .badSignature)
        #expect(rejection(of: rsaInput + "." + base64URL(rsaSignature), by: rsaVerifier) == nil)
    }

    /// Keys a header carries are never used: the configured key decides.
    @Test func keysEmbeddedInTheHeaderAreIgnored() throws {
        let attacker = TestSigner.es256(try TestKeyPair.otherP256.get())
        let verifier = try TokenFixture.verifier(for: try TokenFixture.es256())
        let attackerKey = String(decoding: try TestKeyPair.otherP256.get().publicPEM, as: UTF8.self)
        for header: JSONObject in [
            ["jwk": ["kty": "EC", "crv": "P-256"]], ["x5c": [.string(attackerKey)]], ["jku": "https://evil.example/k"],
        ] {
            #expect(rejection(of: try attacker.token(TokenFixture.claims(), header: header), by: verifier) == .badSignature)
        }
    }

    // MARK: - Algorithms

    @Test func unsignedTokensAreRefused() throws {
        let claims = base64URL(Array(JSONValue.object(TokenFixture.claims()).jsonString.utf8))
        for signer in try TokenFixture.allSigners() {
            let verifier = try TokenFixture.verifier(for: signer)
            for alg in ["none", "None", "NONE", "nOnE"] {
                let header = base64URL(Array(#"{"alg":"\#(alg)","typ":"JWT"}"#.utf8))
                #expect(rejection(of: "\(header).\(claims).", by: verifier) == .algorithmNotAllowed)
                // Even with a valid signature in place.
                let signed = try signer.token(TokenFixture.claims()).split(separator: ".")[2]
                #expect(rejection(of: "\(header).\(claims).\(signed)", by: verifier) == .algorithmNotAllowed)
            }
        }
    }

    /// The classic key confusion: the attacker HMACs a token with the server's
    /// public key (PEM text) as the secret and names HS256.
    @Test func publicKeyTextUsedAsAnHMACSecretIsRefused() throws {
        for pair in [try TestKeyPair.rsa2048.get(), try TestKeyPair.p256.get()] {
            let key = try VerificationKey(fileContents: pair.publicPEM)
            #expect(key.algorithm != .hs256)
            let verifier = JWTVerifier(key: key)
            for secret in [pair.publicPEM, Array(pair.publicPEM.dropLast())] {
                let forged = try TestSigner.hs256(secret: secret).token(TokenFixture.claims())
                #expect(rejection(of: forged, by: verifier) == .algorithmNotAllowed)
            }
        }
    }

    @Test func onlyTheKeysAlgorithmIsAllowed() throws {
        let signers = try TokenFixture.allSigners()
        for signer in signers {
            let verifier = try TokenFixture.verifier(for: signer)
            for other in signers where other.algorithm != signer.algorithm {
                #expect(rejection(of: try other.token(TokenFixture.claims()), by: verifier) == .algorithmNotAllowed)
            }
            // Same key family, other hash or padding; a lower-case name; not a string; absent.
            for alg: JSONValue in [
                "HS384", "HS512", "RS512", "PS256", "ES384", "ES256K", "EdDSA", .string(signer.algorithm.lowercased()), 256, ["HS256"],
            ] {
                #expect(rejection(of: try signer.token(TokenFixture.claims(), header: ["alg": alg]), by: verifier) == .algorithmNotAllowed)
            }
            let withoutAlg = try signer.token(rawHeader: Array(#"{"typ":"JWT"}"#.utf8), rawClaims: Array(#"{"sub":"u","exp":2e9}"#.utf8))
            #expect(rejection(of: withoutAlg, by: verifier) == .algorithmNotAllowed)
        }
    }

    // MARK: - Header parameters

    @Test func criticalHeadersAreRefused() throws {
        let signer = TokenFixture.hs256()
        let verifier = try TokenFixture.verifier(for: signer)
        for crit: JSONValue in [["b64"], ["exp"], [], "b64"] {
            let token = try signer.token(TokenFixture.claims(), header: ["crit": crit, "b64": false, "exp": 1])
            #expect(rejection(of: token, by: verifier) == .unsupportedCriticalHeader)
        }
    }

    @Test func typMustNameAJWT() throws {
        let signer = TokenFixture.hs256()
        let verifier = try TokenFixture.verifier(for: signer)
        for accepted in ["JWT", "jwt", "Jwt", "application/jwt", "APPLICATION/JWT", "at+jwt", "application/at+JWT"] {
            #expect(rejection(of: try signer.token(TokenFixture.claims(), header: ["typ": .string(accepted)]), by: verifier) == nil)
        }
        let untyped = try signer.token(rawHeader: Array(#"{"alg":"HS256"}"#.utf8), rawClaims: Array(#"{"sub":"u","exp":2e9}"#.utf8))
        #expect(rejection(of: untyped, by: verifier) == nil)
        for refused: JSONValue in ["JWS", "JOSE", "JOSE+JSON", "JWE", "text/jwt", "jwt ", "ＪＷＴ", "", 1, .null, ["JWT"]] {
            #expect(rejection(of: try signer.token(TokenFixture.claims(), header: ["typ": refused]), by: verifier) == .unsupportedType)
        }
    }

    // MARK: - Concurrency

    @Test func oneKeyVerifiesOnManyThreadsAtOnce() async throws {
        for signer in try TokenFixture.allSigners() {
            let verifier = try TokenFixture.verifier(for: signer)
            let token = try signer.token(TokenFixture.claims())
            let forged = token.dropLast(2) + (token.hasSuffix("AA") ? "AQ" : "AA")
            let now = now
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        (0..<40).allSatisfy { round in
                            let forgedRound = (task + round) % 2 == 1
                            let accepted = (try? verifier.verify(forgedRound ? String(forged) : token, now: now)) != nil
                            return accepted != forgedRound
                        }
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes == [Bool](repeating: true, count: 8), "\(signer.algorithm)")
        }
    }

    // MARK: - Helpers

    private func flippingLowBit(of word: String, in json: [UInt8]) -> [UInt8] {
        let text = String(decoding: json, as: UTF8.self)
        guard let range = text.range(of: word) else { return json }
        var bytes = json
        bytes[text.utf8.distance(from: text.startIndex, to: range.lowerBound)] ^= 0x01
        return bytes
    }

    private func nextBase64URLCharacter(after character: UInt8) -> UInt8 {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        let index = alphabet.firstIndex(of: character) ?? 0
        return alphabet[(index + 1) % alphabet.count]
    }

    /// An r‖s signature in DER form.
    private func derSignature(of raw: [UInt8]) throws -> [UInt8] {
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            let trimmed = Array(bytes.drop { $0 == 0 })
            let value = (trimmed.first ?? 0) >= 0x80 ? [0] + trimmed : trimmed
            return [0x02, UInt8(value.count)] + value
        }
        let body = integer(raw[..<32]) + integer(raw[32...])
        return [0x30, UInt8(body.count)] + body
    }
}
