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
    func admits(_ host: String?) -> Bool {
        guard let names, let host else { return true }
        let name = Self.name(ofHost: host)
        if Self.isLocal(name) { return true }
        return names.contains { allowed in
            allowed.hasPrefix(".") ? name == allowed.dropFirst() || name.hasSuffix(allowed) : name == allowed
        }
    }

    /// The host of a `Host` header, lowercased and without its port.
    static func name(ofHost host: String) -> String {
        let host = host.lowercased()
        if host.hasPrefix("[") {
            return host.firstIndex(of: "]").map { String(host[...$0]) } ?? host
        }
        if let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...].allSatisfy(\.isASCIIDigit) {
            return String(host[..<colon])
        }
        return host
    }

    private static func isLocal(_ name: String) -> Bool {
        name == "localhost" || name.hasSuffix(".localhost") || name.hasPrefix("[") || isIPv4Literal(name)
    }

    private static func isIPv4Literal(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) && Int($0).map { $0 <= 255 } == true }
    }

    /// Letters, digits, `-` and `.` (a leading dot for a domain), as host names are.
    private static func isName(_ entry: String) -> Bool {
        let body = entry.hasPrefix(".") ? entry.dropFirst() : Substring(entry)
        return !body.isEmpty && !body.hasPrefix(".") && !body.hasSuffix(".") && !body.contains("..")
            && body.allSatisfy { $0.isASCIILetterOrDigit || $0 == "-" || $0 == "." }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
