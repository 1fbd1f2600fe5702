import CMicroHTTPD
import Platform

/// The text of a connection's peer IP address, as ``HTTPRequest/clientAddress`` carries it.
enum ClientAddress {
    /// `"127.0.0.1"`, `"::1"`; `""` when libmicrohttpd knows no address.
    /// Read once per connection: the peer cannot change while it is open.
    static func text(of connection: OpaquePointer) -> String {
        guard let address = CMicroHTTPD_client_address(connection) else { return "" }
        return text(of: address)
    }

    /// An IPv4 peer of an IPv6 socket (`::ffff:192.0.2.1`) is written as plain
    /// IPv4, so one client has one address whichever socket it reached.
    static func text(of address: UnsafePointer<sockaddr>) -> String {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            return format(family: AF_INET, &ipv4)
        case AF_INET6:
            var ipv6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            let bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
            let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
            if bytes.count == 16 && bytes.starts(with: mappedPrefix) {
                return bytes[12...].map(String.init).joined(separator: ".")
            }
            return format(family: AF_INET6, &ipv6)
        default:
            return ""
        }
    }

    private static func format<Address>(family: Int32, _ address: inout Address) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = withUnsafeBytes(of: &address) { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        guard written != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
