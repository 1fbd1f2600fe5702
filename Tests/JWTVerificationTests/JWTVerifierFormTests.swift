import JSON
import JWTTestSupport
import JWTVerification
import TestSupport
import Testing

@Suite("JWTVerifier token form and limits", .timeLimit(.minutes(10)), .hangGuard)
struct JWTVerifierFormTests {
    private let signer = TokenFixture.hs256()

    private func verifier() throws -> JWTVerifier { try TokenFixture.verifier(for: signer) }

    // MARK: - Size

    @Test func tokensOverTheLimitAreRefusedBeforeDecoding() throws {
        let limit = JWTVerifier.maximumTokenBytes
        let atLimit = try token(ofLength: limit)
        #expect(atLimit.utf8.count == limit)
        #expect(rejection(of: atLimit, by: try verifier()) == nil)
        let overLimit = try token(ofLength: limit + 1)
        #expect(overLimit.utf8.count == limit + 1)
        #expect(rejection(of: overLimit, by: try verifier()) == .tooLarge)
        #expect(throws: TokenRejection(.tooLarge)) { try verifier().verify(Array(overLimit.utf8), now: TokenFixture.now) }
        #expect(rejection(of: String(repeating: "A", count: 1 << 20), by: try verifier()) == .tooLarge)
    }

    // MARK: - Parts

    @Test func onlyThreePartsAreACompactJWS() throws {
        let token = try signer.token(TokenFixture.claims())
        for shape in [
            "", ".", "abc", "a.b", token + ".", token + ".x.y", "." + token, "a.b.c.d.e", token.replacingOccurrences(of: ".", with: ""),
        ] {
            #expect(rejection(of: shape, by: try verifier()) == .notCompactJWS, "\(shape.prefix(12))")
        }
        #expect(rejection(of: "..", by: try verifier()) == .malformed(.header))
    }

    @Test func partsMustBeStrictBase64URL() throws {
        let parts = try signer.token(TokenFixture.claims()).split(separator: ".").map(String.init)
        let header = parts[0]
        let signature = parts[2]
        // Header is {"alg":"HS256","typ":"JWT"}: 36 characters, no spare bits; add a byte to get some.
        let withPadding = base64URL(Array(#"{"alg":"HS256","typ":"JWT"} "#.utf8)) + "="
        for bad in [
            header + "=", withPadding, header.replacingOccurrences(of: "J", with: "+"), "/" + header.dropFirst(), header + " ",
            " " + header, header + "A", "é" + header, header + "\u{0}",
        ] {
            #expect(rejection(of: [bad, parts[1], parts[2]].joined(separator: "."), by: try verifier()) == .malformed(.header), "\(bad)")
        }
        // 32 bytes of HMAC leave 2 spare bits in the last of 43 characters; they must be zero.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let last = try #require(signature.last.flatMap { alphabet.firstIndex(of: $0) })
        #expect(last & 0b11 == 0)
        let spareBitSet = String(signature.dropLast()) + String(alphabet[last | 1])
        for bad in [signature + "=", signature + "==", signature + "AA", signature + "+", spareBitSet] {
            #expect(rejection(of: [header, parts[1], bad].joined(separator: "."), by: try verifier()) == .malformed(.signature))
        }
    }

    // MARK: - JSON

    @Test func headerMustBeAJSONObject() throws {
        let claims = Array(JSONValue.object(TokenFixture.claims()).jsonString.utf8)
        for header in [
            #"["HS256"]"#, #""HS256""#, "null", "1", "", "{", #"{"alg":"HS256"}x"#, #"{"alg":"HS256","alg":"HS256"}"#, "\u{FEFF}{}",
            "{'alg':'HS256'}",
        ] {
            let token = try signer.token(rawHeader: Array(header.utf8), rawClaims: claims)
            #expect(rejection(of: token, by: try verifier()) == .malformed(.header), "\(header)")
        }
    }

    /// Claims are decoded only once the signature holds; then they must be a JSON object too.
    @Test func claimsMustBeAJSONObjectReadAfterTheSignature() throws {
        let header = Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8)
        for claims in [#"["sub"]"#, "null", "42", "", #"{"sub":"a","sub":"b","exp":2e9}"#, #"{"sub":"a","exp":2e9"#] {
            let token = try signer.token(rawHeader: header, rawClaims: Array(claims.utf8))
            #expect(rejection(of: token, by: try verifier()) == .malformed(.claims), "\(claims)")
            let unsigned =
                token.prefix { $0 != "." } + "." + base64URL(Array(claims.utf8)) + "." + base64URL([UInt8](repeating: 7, count: 32))
            #expect(rejection(of: String(unsigned), by: try verifier()) == .badSignature)
        }
    }

    @Test func nestingIsBoundedInHeaderAndClaims() throws {
        let depth = JWTVerifier.maximumJSONDepth
        // The object itself is one level; `depth - 1` arrays inside fill the limit.
        let deepest = String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
        let tooDeep = "[" + deepest + "]"
        let claims = TokenFixture.claims()
        let accepted = try signer.token(claims, header: ["x": try JSONParser.parse(deepest)])
        #expect(rejection(of: accepted, by: try verifier()) == nil)
        let header = #"{"alg":"HS256","x":\#(tooDeep)}"#
        let deepHeader = try signer.token(rawHeader: Array(header.utf8), rawClaims: Array(JSONValue.object(claims).jsonString.utf8))
        #expect(rejection(of: deepHeader, by: try verifier()) == .malformed(.header))

        var withDeepest = claims
        withDeepest["x"] = try JSONParser.parse(deepest)
        #expect(rejection(of: try signer.token(withDeepest), by: try verifier()) == nil)
        let deepClaims = #"{"sub":"u","exp":2e9,"x":\#(tooDeep)}"#
        let deepToken = try signer.token(rawHeader: Array(#"{"alg":"HS256"}"#.utf8), rawClaims: Array(deepClaims.utf8))
        #expect(rejection(of: deepToken, by: try verifier()) == .malformed(.claims))
    }

    // MARK: - What a client is told

    @Test func rejectionsNeverEchoTheToken() throws {
        let marker = "ZZMARKERZZ"
        let cases: [(JSONObject, JSONObject)] = [
            (TokenFixture.claims(["sub": .string(marker + "\u{0}")]), [:]), (TokenFixture.claims(["aud": .string(marker)]), [:]),
            (TokenFixture.claims(["exp": .string(marker)]), [:]), (TokenFixture.claims(), ["alg": .string(marker)]),
            (TokenFixture.claims(), ["typ": .string(marker)]), (TokenFixture.claims(), ["crit": [.string(marker)]]),
        ]
        for (claims, header) in cases {
            let token = try signer.token(claims, header: header)
            let error = #expect(throws: TokenRejection.self) { try verifier().verify(token, now: TokenFixture.now) }
            #expect(error?.description.contains(marker) == false)
            #expect(error?.description.contains(token.prefix(10)) == false)
        }
        #expect(TokenRejection(.expired).description == "the bearer token has expired")
        #expect(TokenRejection(.badSignature).description == "the bearer token's signature does not verify")
        #expect(TokenRejection(.algorithmNotAllowed).description == "the bearer token's signing algorithm is not allowed")
    }

    // MARK: - Helpers

    /// A valid token exactly `length` bytes long, padded with a claim and a header member.
    private func token(ofLength length: Int) throws -> String {
        // Base64url skips one length in every four; a header one byte longer reaches it.
        for headerPadding in 0..<4 {
            var claimsPadding = 0
            while true {
                let token = try signer.token(
                    TokenFixture.claims(["pad": .string(String(repeating: "p", count: claimsPadding))]),
                    header: ["kid": .string(String(repeating: "k", count: headerPadding))])
                let missing = length - token.utf8.count
                if missing == 0 { return token }
                if missing < 0 { break }
                claimsPadding += max(1, missing * 3 / 4 - 1)
            }
        }
        throw LibcryptoFailure(step: "pad a token to \(length) bytes")
    }
}
