import HTTPCore

/// Which `Host` names the server answers (`--allowed-hosts`): the defence
/// against DNS rebinding, where a page on an attacker's name, re-pointed at
/// 127.0.0.1, makes a browser call a local server that needs no key.
///
/// The local forms are always allowed: `localhost` and names under
/// `.localhost`, and IP literals (a rebinding needs a name; an address
/// cannot be re-pointed). Beyond them: the configured names (exact, or a
/// leading dot for a domain and every name under it), or any name at all
/// (``any``), the default when a key is required, since a page cannot
/// send it.
public struct HostPolicy: Sendable, Equatable {
    /// Nil: any name.
    private let names: [String]?

    /// Every `Host` answered.
    public static let any = HostPolicy(names: nil)
    /// The local forms only.
    public static let local = HostPolicy(names: [])

    private init(names: [String]?) {
        self.names = names
    }

    /// The names of `--allowed-hosts`: `*`, or names separated by commas
    /// (`app.example.com`, `.example.com`). Nil when one is not a host name.
    public init?(_ text: String) {
        let entries = text.split(separator: ",").map { $0.trimmingCharacters(in: " ").lowercased() }
        guard !entries.isEmpty else { return nil }
        if entries == ["*"] {
            self = .any
            return
        }
        guard entries.allSatisfy(Self.isName) else { return nil }
        names = entries
    }

    /// What `--help` shows.
    public var description: String {
        guard let names else { return "*" }
        return names.isEmpty ? "local" : names.joined(separator: ",")
    }

    /// Whether a request with this `Host` header is answered. A request
    /// without one (HTTP/1.0) is: browsers always send it.
    ///
    /// Read as bytes, on every request: ASCII letters compare without case,
    /// and any other byte only as itself (a Unicode case mapping could turn
    /// a non-ASCII name into a local or an allowed one).
    func admits(_ host: String?) -> Bool {
        guard names != nil, var host else { return true }
        return host.withUTF8 { admits(host: $0) }
    }

    /// ``admits(_:)`` of the request's `Host`, read in place.
    func admits(_ headers: HTTPHeaders) -> Bool {
        guard names != nil else { return true }
        return headers.firstValue(named: "Host") { admits(host: $0) } ?? true
    }

    // Out of line so that bench/profile.py can name its cost ("host check").
    @inline(never)
    private func admits(host header: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let names else { return true }
        let name = Self.name(ofHost: header)
        if Self.isLocal(name) { return true }
        return names.contains { allowed in
            var allowed = allowed
            return allowed.withUTF8 { allowed in
                guard allowed.first == UInt8(ascii: ".") else { return Self.equal(name, allowed[...]) }
                return Self.equal(name, allowed.dropFirst()) || Self.hasSuffix(name, allowed[...])
            }
        }
    }

    /// The host of a `Host` header without its port: an IPv6 literal up to
    /// its `]`, else all before a last `:` followed by digits only.
    static func name(ofHost host: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        if host.first == UInt8(ascii: "[") {
            return host.firstIndex(of: UInt8(ascii: "]")).map { host[...$0] } ?? host[...]
        }
        if let colon = host.lastIndex(of: UInt8(ascii: ":")), host[(colon + 1)...].allSatisfy(isDigit) {
            return host[..<colon]
        }
        return host[...]
    }

    private static func isLocal(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        equal(name, bytes(of: "localhost")) || hasSuffix(name, bytes(of: ".localhost"))
            || name.first == UInt8(ascii: "[") || isIPv4Literal(name)
    }

    /// A literal's bytes where the binary holds them: static arrays cost a
    /// lazy initialisation check, a retain and a release per request.
    private static func bytes(of literal: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// Four dot-separated decimal numbers of one to three digits, each ≤ 255.
    static func isIPv4Literal(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var parts = 0
        var value = 0
        var digits = 0
        for byte in name {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, parts < 3 else { return false }
                parts += 1
                value = 0
                digits = 0
            } else if isDigit(byte) {
                digits += 1
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                guard digits <= 3, value <= 255 else { return false }
            } else {
                return false
            }
        }
        return parts == 3 && digits > 0
    }

    /// `name` equals the lowercase `allowed`, ASCII letters of `name` in either case.
    private static func equal<Allowed: Collection<UInt8>>(_ name: Slice<UnsafeBufferPointer<UInt8>>, _ allowed: Allowed) -> Bool {
        name.count == allowed.count && zip(name, allowed).allSatisfy { lowercased($0) == $1 }
    }

    private static func hasSuffix<Suffix: Collection<UInt8>>(_ name: Slice<UnsafeBufferPointer<UInt8>>, _ suffix: Suffix) -> Bool {
        name.count >= suffix.count && equal(name[(name.endIndex - suffix.count)...], suffix)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Letters, digits, `-` and `.` (a leading dot for a domain), as host names are.
    private static func isName(_ entry: String) -> Bool {
        let body = entry.hasPrefix(".") ? entry.dropFirst() : Substring(entry)
        return !body.isEmpty && !body.hasPrefix(".") && !body.hasSuffix(".") && !body.contains("..")
            && body.allSatisfy { $0.isASCIILetterOrDigit || $0 == "-" || $0 == "." }
    }
}

extension Character {
    fileprivate var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
