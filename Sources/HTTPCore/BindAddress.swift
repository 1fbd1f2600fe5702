import Platform

/// The socket address a server binds to, parsed from a host literal and port.
///
/// Only literals are accepted: resolving names would make `start()` depend on
/// DNS, and a listening address should be unambiguous.
enum BindAddress {
    case ipv4(sockaddr_in)
    case ipv6(sockaddr_in6)

    /// `nil` when `host` is neither an IP literal nor `"localhost"`.
    init?(host: String, port: Int) {
        guard let port = UInt16(exactly: port) else { return nil }
        let literal = host == "localhost" ? "127.0.0.1" : Self.strippingBrackets(host)

        var ipv4 = sockaddr_in()
        if inet_pton(AF_INET, literal, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = port.bigEndian
            self = .ipv4(ipv4)
            return
        }
        var ipv6 = sockaddr_in6()
        if inet_pton(AF_INET6, literal, &ipv6.sin6_addr) == 1 {
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = port.bigEndian
            self = .ipv6(ipv6)
            return
        }
        return nil
    }

    /// The address as written in URLs: `127.0.0.1`, `[::1]`.
    var displayName: String {
        switch self {
        case .ipv4(var address):
            Self.presentation(family: AF_INET, of: &address.sin_addr, length: Int(INET_ADDRSTRLEN))
        case .ipv6(var address):
            "[" + Self.presentation(family: AF_INET6, of: &address.sin6_addr, length: Int(INET6_ADDRSTRLEN)) + "]"
        }
    }

    var isIPv6: Bool {
        if case .ipv6 = self { return true }
        return false
    }

    /// Calls `body` with the address as the `sockaddr *` C expects; the pointer
    /// is valid only during the call.
    func withSockAddrPointer<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        switch self {
        case .ipv4(var address):
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
            }
        case .ipv6(var address):
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
            }
        }
    }

    private static func presentation(family: Int32, of address: UnsafeRawPointer, length: Int) -> String {
        var buffer = [CChar](repeating: 0, count: length)
        guard inet_ntop(family, address, &buffer, socklen_t(length)) != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `[::1]` is how IPv6 hosts appear in URLs; accept it too.
    private static func strippingBrackets(_ host: String) -> String {
        guard host.hasPrefix("["), host.hasSuffix("]"), host.count >= 2 else { return host }
        return String(host.dropFirst().dropLast())
    }
}
