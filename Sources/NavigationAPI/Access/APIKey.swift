import HTTPCore

/// The shared secret that guards every `/v1` route when configured.
///
/// A request carries it as `Authorization: Bearer <key>`; the scheme is
/// case-insensitive (`bearer` is the same scheme, RFC 9110 §11.1). The
/// comparison of the key takes the same time whatever the first differing
/// byte, so response times do not reveal how much of a guess was right.
public struct APIKey: Sendable, Equatable {
    private let expected: [UInt8]

    /// `nil` for a key that cannot travel in a header: empty, or holding
    /// anything but visible ASCII (no spaces, no control bytes).
    public init?(_ key: String) {
        guard !key.isEmpty, key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        expected = Array(key.utf8)
    }

    /// Whether `token` (a bearer credential) is this key.
    func admits(_ token: Substring) -> Bool {
        Self.constantTimeEqual(Array(token.utf8), expected)
    }

    /// Compares every byte of `expected` whatever `given` holds; only the
    /// length of the expected value (which a client knows anyway from the
    /// documented format) could leak.
    static func constantTimeEqual(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference: UInt8 = given.count == expected.count ? 0 : 1
        for index in expected.indices {
            let byte = index < given.count ? given[index] : 0
            difference |= byte ^ expected[index]
        }
        return difference == 0
    }
}
