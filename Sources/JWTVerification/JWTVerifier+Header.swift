import JSON

extension JWTVerifier {
    /// `typ` values that name a JWT (RFC 7519, section 5.1; RFC 9068's access
    /// tokens), lower-cased; RFC 7515 says a `typ` without `/` means `application/` plus it.
    static let acceptedTypes: [[UInt8]] = ["jwt", "application/jwt", "at+jwt", "application/at+jwt"].map { Array($0.utf8) }

    /// Refuses a header whose `alg` is not the key's, that has `crit`, or
    /// whose `typ` is not a JWT's.
    func checkHeader(_ header: JSONObject) throws(TokenRejection) {
        guard let algorithm = header["alg"]?.stringValue, algorithm.utf8.elementsEqual(key.algorithm.rawValue.utf8) else {
            throw TokenRejection(.algorithmNotAllowed)
        }
        // RFC 7515, section 4.1.11: a recipient must refuse critical extensions it does not implement; this one implements none.
        if header["crit"] != nil { throw TokenRejection(.unsupportedCriticalHeader) }
        if let type = header["typ"] {
            guard let type = type.stringValue else { throw TokenRejection(.unsupportedType) }
            let lowered = type.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
            guard Self.acceptedTypes.contains(lowered) else { throw TokenRejection(.unsupportedType) }
        }
    }
}
