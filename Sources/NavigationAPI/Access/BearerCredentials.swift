/// The token of an `Authorization: Bearer <token>` header (RFC 6750): the
/// scheme matched case-insensitively, one or more spaces, then the token.
struct BearerCredentials: Sendable, Equatable {
    let token: Substring

    /// Nil for another scheme, or no token.
    init?(_ header: String) {
        let scheme = header.prefix { $0 != " " }
        guard scheme.utf8.count == 6, zip(scheme.utf8, "bearer".utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        let token = header.dropFirst(scheme.count).drop { $0 == " " }
        guard !token.isEmpty else { return nil }
        self.token = token
    }

    /// A token that came without a header (`?key=` on the stream).
    init?(token: Substring) {
        guard !token.isEmpty else { return nil }
        self.token = token
    }
}
