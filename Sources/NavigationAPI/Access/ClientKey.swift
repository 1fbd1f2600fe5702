import HTTPCore
import Platform

/// Which client a request counts against for the creation rate.
///
/// The key is the client's IP address, never the API key: the server has one
/// key, shared by every caller it admits, so it tells no two clients apart
/// (and requests without it are refused before they are counted). An IPv6
/// address counts by its /64 prefix, the block one subscriber usually gets,
/// so a client cannot take a fresh bucket per address of its own prefix.
///
/// Behind a reverse proxy every request comes from the proxy's address, so
/// all clients share one bucket, unless `trustingForwardedFor` is set: then
/// the last address of `X-Forwarded-For` (the one the nearest proxy appended)
/// counts. Set it only when that proxy appends the header and clients cannot
/// reach the server around it, or a client could name any address it likes.
enum ClientKey {
    static func of(_ request: HTTPRequest, trustingForwardedFor: Bool) -> String {
        if trustingForwardedFor, let forwarded = lastForwardedAddress(request.headers), let key = key(forAddress: forwarded) {
            return key
        }
        let peer = request.clientAddress
        // A peer address without a colon is IPv4 as the server spells it,
        // its own key; and were it anything else, no IP literal either (an
        // IPv6 one has colons), so its key would be it all the same. Only
        // IPv6 is parsed (an IPv4 address through `inet_pton` cost ~220
        // instructions per session created). The colon is looked for in
        // place: the view's iterator cost ~30 instructions a byte.
        let colon = UInt8(ascii: ":")
        if !(peer.utf8.withContiguousStorageIfAvailable { $0.contains(colon) } ?? peer.utf8.contains(colon)) { return peer }
        return key(forAddress: peer) ?? peer
    }

    /// `"192.0.2.1"` as it is; `"2001:db8:1:2:3:4:5:6"` as `"2001:db8:1:2::/64"`;
    /// an IPv4-mapped IPv6 address as its IPv4 address; `nil` for anything
    /// that is not an IP literal.
    static func key(forAddress address: String) -> String? {
        var ipv4 = in_addr()
        // Dotted quads have one spelling (inet_pton takes no leading zeros).
        if inet_pton(AF_INET, address, &ipv4) == 1 { return address }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, address, &ipv6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
        if bytes[..<12].elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    /// The last entry of the last `X-Forwarded-For` header, without a port
    /// (`192.0.2.1:4711`, `[2001:db8::1]:4711`) some proxies add.
    static func lastForwardedAddress(_ headers: HTTPHeaders) -> String? {
        guard let header = headers.values(for: "X-Forwarded-For").last,
            let last = header.split(separator: ",").last
        else { return nil }
        var entry = last.drop { $0 == " " || $0 == "\t" }
        while let final = entry.last, final == " " || final == "\t" { entry = entry.dropLast() }
        if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") {
            return String(entry[entry.index(after: entry.startIndex)..<close])
        }
        let colons = entry.filter { $0 == ":" }.count
        if colons == 1, let colon = entry.firstIndex(of: ":") { return String(entry[..<colon]) }
        return String(entry)
    }
}
