import JSON
import JWTTestSupport
import JWTVerification
import TestSupport
import Testing

@Suite("JWTVerifier claims", .timeLimit(.minutes(10)), .hangGuard)
struct JWTVerifierClaimTests {
    private let now = TokenFixture.now
    private let signer = TokenFixture.hs256()

    /// Why a verifier with these settings refuses a token of `claims`, or `nil`.
    private func verdict(
        _ claims: JSONObject, issuer: String? = nil, audience: String? = nil, leeway: Double = JWTVerifier.defaultLeeway,
        at time: Double? = nil
    ) throws -> TokenRejection.Reason? {
        let verifier = JWTVerifier(key: try TokenFixture.key(for: signer), issuer: issuer, audience: audience, leeway: leeway)
        return rejection(of: try signer.token(claims), by: verifier, at: time ?? now)
    }

    private func owner(_ claims: JSONObject, issuer: String? = nil, audience: String? = nil) throws -> TokenOwner {
        let verifier = try TokenFixture.verifier(for: signer, issuer: issuer, audience: audience)
        return try verifier.verify(try signer.token(claims), now: now).owner
    }

    // MARK: - Time

    @Test func expiredTokensAreRefusedAfterTheLeeway() throws {
        #expect(try verdict(TokenFixture.claims(["exp": .number(now - 3600)])) == .expired)
        #expect(try verdict(TokenFixture.claims(["exp": .number(now - 61)])) == .expired)
        // Valid while now < exp + leeway.
        #expect(try verdict(TokenFixture.claims(["exp": .number(now - 60)])) == .expired)
        #expect(try verdict(TokenFixture.claims(["exp": .number(now - 59.5)])) == nil)
        #expect(try verdict(TokenFixture.claims(["exp": .number(now - 30)]), leeway: 30) == .expired)
        #expect(try verdict(TokenFixture.claims(["exp": .number(now - 29)]), leeway: 30) == nil)
        #expect(try verdict(TokenFixture.claims(["exp": .number(now)]), leeway: 0) == .expired)
        #expect(try verdict(TokenFixture.claims(["exp": .number(now + 0.25)]), leeway: 0) == nil)
        // A negative or non-finite leeway counts as none.
        for leeway in [-600, .infinity, .nan] {
            #expect(try verdict(TokenFixture.claims(["exp": .number(now)]), leeway: leeway) == .expired)
        }
    }

    @Test func tokensAreRefusedBeforeNotBeforeLessTheLeeway() throws {
        #expect(try verdict(TokenFixture.claims(["nbf": .number(now + 3600)])) == .notYetValid)
        #expect(try verdict(TokenFixture.claims(["nbf": .number(now + 60.5)])) == .notYetValid)
        #expect(try verdict(TokenFixture.claims(["nbf": .number(now + 60)])) == nil)
        #expect(try verdict(TokenFixture.claims(["nbf": .number(now - 1)])) == nil)
        #expect(try verdict(TokenFixture.claims(["nbf": .number(now + 1)]), leeway: 0) == .notYetValid)
        #expect(try verdict(TokenFixture.claims(["nbf": .number(now)]), leeway: 0) == nil)
    }

    @Test func expIsRequiredAndTimesAreNumbers() throws {
        #expect(try verdict(TokenFixture.claims(["exp": .null])) == .missingClaim(.exp))
        #expect(try verdict(TokenFixture.claims(["exp": .string("\(Int(now + 600))")])) == .invalidClaim(.exp))
        #expect(try verdict(TokenFixture.claims(["exp": [.number(now + 600)]])) == .invalidClaim(.exp))
        #expect(try verdict(TokenFixture.claims(["nbf": "0"])) == .invalidClaim(.nbf))
        // iat is not used, whatever it holds.
        #expect(try verdict(TokenFixture.claims(["iat": "yesterday"])) == nil)
        #expect(try verdict(TokenFixture.claims(["iat": .number(now + 86_400)])) == nil)
    }

    @Test func anUnknownTimeIsExpired() throws {
        #expect(try verdict(TokenFixture.claims(), at: .nan) == .expired)
    }

    // MARK: - Issuer

    @Test func aConfiguredIssuerMustMatchExactly() throws {
        let issuer = "https://id.example.com/"
        #expect(try owner(TokenFixture.claims(["iss": .string(issuer)]), issuer: issuer) == TokenOwner(issuer: issuer, subject: "user-1"))
        #expect(try verdict(TokenFixture.claims(["iss": "https://evil.example/"]), issuer: issuer) == .wrongIssuer)
        #expect(try verdict(TokenFixture.claims(["iss": "https://id.example.com"]), issuer: issuer) == .wrongIssuer)
        #expect(try verdict(TokenFixture.claims(["iss": "HTTPS://ID.EXAMPLE.COM/"]), issuer: issuer) == .wrongIssuer)
        #expect(try verdict(TokenFixture.claims(), issuer: issuer) == .missingClaim(.iss))
        #expect(try verdict(TokenFixture.claims(["iss": ["https://id.example.com/"]]), issuer: issuer) == .invalidClaim(.iss))
        // Canonically equivalent is not equal: compared byte for byte.
        #expect(try verdict(TokenFixture.claims(["iss": "caf\u{E9}"]), issuer: "cafe\u{301}") == .wrongIssuer)
    }

    @Test func withoutAConfiguredIssuerTheTokensOwnIsPartOfTheOwner() throws {
        #expect(try owner(TokenFixture.claims(["iss": "tenant-a"])) == TokenOwner(issuer: "tenant-a", subject: "user-1"))
        #expect(try owner(TokenFixture.claims()) == TokenOwner(issuer: nil, subject: "user-1"))
        #expect(try owner(TokenFixture.claims(["iss": "tenant-a"])) != owner(TokenFixture.claims(["iss": "tenant-b"])))
        #expect(try verdict(TokenFixture.claims(["iss": 7])) == .invalidClaim(.iss))
        #expect(try verdict(TokenFixture.claims(["iss": ""])) == .invalidClaim(.iss))
    }

    // MARK: - Audience

    @Test func aConfiguredAudienceMustBeNamed() throws {
        let audience = "navigation-server"
        #expect(try verdict(TokenFixture.claims(["aud": "navigation-server"]), audience: audience) == nil)
        #expect(try verdict(TokenFixture.claims(["aud": ["billing", "navigation-server"]]), audience: audience) == nil)
        #expect(try verdict(TokenFixture.claims(["aud": "billing"]), audience: audience) == .wrongAudience)
        #expect(try verdict(TokenFixture.claims(["aud": ["billing", "Navigation-Server"]]), audience: audience) == .wrongAudience)
        #expect(try verdict(TokenFixture.claims(["aud": []]), audience: audience) == .wrongAudience)
        #expect(try verdict(TokenFixture.claims(), audience: audience) == .missingClaim(.aud))
        #expect(try verdict(TokenFixture.claims(["aud": ["navigation-server", 1]]), audience: audience) == .invalidClaim(.aud))
        #expect(try verdict(TokenFixture.claims(["aud": ["navigation-server": true]]), audience: audience) == .invalidClaim(.aud))
    }

    /// RFC 7519, 4.1.3: a token meant for some audience is refused by a server that knows no audience name.
    @Test func withoutAConfiguredAudienceTokensWithOneAreRefused() throws {
        #expect(try verdict(TokenFixture.claims()) == nil)
        #expect(try verdict(TokenFixture.claims(["aud": "billing"])) == .wrongAudience)
        #expect(try verdict(TokenFixture.claims(["aud": ["billing"]])) == .wrongAudience)
    }

    // MARK: - Subject

    @Test func subIsARequiredBoundedVisibleString() throws {
        #expect(try verdict(TokenFixture.claims(["sub": .null])) == .missingClaim(.sub))
        for refused: JSONValue in ["", 42, ["user-1"], true] {
            #expect(try verdict(TokenFixture.claims(["sub": refused])) == .invalidClaim(.sub))
        }
        let longest = String(repeating: "é", count: JWTVerifier.maximumIdentifierBytes / 2)
        #expect(try owner(TokenFixture.claims(["sub": .string(longest)])).subject == longest)
        #expect(try verdict(TokenFixture.claims(["sub": .string(longest + "x")])) == .invalidClaim(.sub))
        // Control characters, zero-width and bidi controls would let two owners look alike.
        for hidden in ["user\u{0}1", "user-1\n", "user\u{7F}", "user\u{85}", "user\u{200B}-1", "\u{202E}1-resu", "user\u{2066}"] {
            #expect(try verdict(TokenFixture.claims(["sub": .string(hidden)])) == .invalidClaim(.sub))
        }
        for visible in ["José", "auth0|5f1b", "用户-1", "a@b.example", "1 2"] {
            #expect(try owner(TokenFixture.claims(["sub": .string(visible)])).subject == visible)
        }
    }

    @Test func ownersAreEqualOnlyByteForByte() throws {
        let composed = try owner(TokenFixture.claims(["sub": "jos\u{E9}"]))
        let decomposed = try owner(TokenFixture.claims(["sub": "jose\u{301}"]))
        #expect(composed.subject == decomposed.subject)  // Swift's String equality
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(TokenOwner(issuer: "a", subject: "b") == TokenOwner(issuer: "a", subject: "b"))
        #expect(Set([TokenOwner(issuer: "a", subject: "b"), TokenOwner(issuer: "a", subject: "b")]).count == 1)
        #expect(TokenOwner(issuer: nil, subject: "b") != TokenOwner(issuer: "a", subject: "b"))
        #expect(TokenOwner(issuer: "ab", subject: "c") != TokenOwner(issuer: "a", subject: "bc"))
    }

    // MARK: - Order

    /// A client fixes one thing at a time; the first failing check is the one reported.
    @Test func checksRunInADocumentedOrder() throws {
        let everythingWrong = TokenFixture.claims(["exp": .number(now - 3600), "iss": "x", "aud": "y", "sub": .null])
        #expect(try verdict(everythingWrong, issuer: "i", audience: "a") == .expired)
        #expect(try verdict(TokenFixture.claims(["iss": "x", "aud": "y", "sub": .null]), issuer: "i", audience: "a") == .wrongIssuer)
        #expect(try verdict(TokenFixture.claims(["aud": "y", "sub": .null]), audience: "a") == .wrongAudience)
    }
}
