import JSON

extension JWTVerifier {
    /// Checks the time, issuer, audience and subject claims at `now` and returns the token's owner.
    func checkClaims(_ claims: JSONObject, now: Double) throws(TokenRejection) -> VerifiedToken {
        guard let expiry = try number(claims, .exp) else { throw TokenRejection(.missingClaim(.exp)) }
        // RFC 7519, 4.1.4: valid while now is before exp. Written so that a NaN `now` is expired.
        guard now < expiry + leeway else { throw TokenRejection(.expired) }
        if let notBefore = try number(claims, .nbf), now < notBefore - leeway { throw TokenRejection(.notYetValid) }
        let tokenIssuer = try identifier(claims, .iss)
        if let issuer {
            guard let tokenIssuer else { throw TokenRejection(.missingClaim(.iss)) }
            guard tokenIssuer.utf8.elementsEqual(issuer.utf8) else { throw TokenRejection(.wrongIssuer) }
        }
        try checkAudience(claims["aud"])
        guard let subject = try identifier(claims, .sub) else { throw TokenRejection(.missingClaim(.sub)) }
        return VerifiedToken(owner: TokenOwner(issuer: tokenIssuer, subject: subject), expiresAt: expiry)
    }

    /// `aud` names ``audience``: it is that string, or an array of strings holding it.
    private func checkAudience(_ value: JSONValue?) throws(TokenRejection) {
        let named: [String]
        switch value {
        case nil:
            if audience != nil { throw TokenRejection(.missingClaim(.aud)) }
            return
        case .string(let one):
            named = [one]
        case .array(let elements):
            named = elements.compactMap(\.stringValue)
            if named.count != elements.count { throw TokenRejection(.invalidClaim(.aud)) }
        default:
            throw TokenRejection(.invalidClaim(.aud))
        }
        guard let audience, named.contains(where: { $0.utf8.elementsEqual(audience.utf8) }) else {
            throw TokenRejection(.wrongAudience)
        }
    }

    /// A NumericDate claim, `nil` when absent.
    private func number(_ claims: JSONObject, _ claim: TokenRejection.Claim) throws(TokenRejection) -> Double? {
        guard let value = claims[claim.rawValue] else { return nil }
        guard let number = value.numberValue else { throw TokenRejection(.invalidClaim(claim)) }
        return number
    }

    /// A `sub` or `iss`, `nil` when absent; refused when it is not a string, is
    /// empty, longer than ``maximumIdentifierBytes``, or holds control or
    /// invisible formatting characters (which let two owners look alike in a log).
    private func identifier(_ claims: JSONObject, _ claim: TokenRejection.Claim) throws(TokenRejection) -> String? {
        guard let value = claims[claim.rawValue] else { return nil }
        guard let text = value.stringValue, !text.isEmpty, text.utf8.count <= Self.maximumIdentifierBytes, Self.isVisible(text) else {
            throw TokenRejection(.invalidClaim(claim))
        }
        return text
    }

    /// No control characters (Unicode's Cc) and no invisible formatting ones
    /// (Cf: zero-width, bidi controls); ASCII is decided without Unicode's tables.
    private static func isVisible(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if scalar.value < 0x20 || scalar.value == 0x7F { return false }
                continue
            }
            switch scalar.properties.generalCategory {
            case .control, .format: return false
            default: continue
            }
        }
        return true
    }
}
