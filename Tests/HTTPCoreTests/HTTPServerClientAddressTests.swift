import HTTPCore
import Platform
import TestSupport
import Testing

/// `HTTPRequest.clientAddress` is the connection's peer, as an IP literal.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPServerClientAddressTests {
    /// Answers every request with its client address in `X-Client-Address`.
    private final class AddressEcho: HTTPHandler {
        func handle(_ request: HTTPRequest) -> HTTPResponse {
            HTTPResponse(status: 200, headers: ["X-Client-Address": request.clientAddress])
        }

        func response(for rejection: HTTPRequestRejection) -> HTTPResponse {
            HTTPResponse(status: 413)
        }
    }

    private static func withServer(host: String, _ body: (Int) throws -> Void) throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = host
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, handler: AddressEcho())
        try server.start()
        defer { server.stop() }
        try body(server.port)
    }

    @Test func aLoopbackClientIs127001OnEveryRequestOfItsConnection() throws {
        try Self.withServer(host: "127.0.0.1") { port in
            let connection = try TestHTTPConnection(port: port)
            for _ in 0..<3 {
                #expect(try connection.request("GET", "/").headers["X-Client-Address"] == "127.0.0.1")
            }
        }
    }

    /// All of 127.0.0.0/8 is loopback on Linux, so a client can connect from 127.0.0.2.
    @Test func aClientBoundTo127002IsSeenAsSuch() throws {
        try Self.withServer(host: "127.0.0.1") { port in
            let seen = try Self.clientAddressSeen(family: AF_INET, server: "127.0.0.1", port: port, from: "127.0.0.2")
            #expect(seen == "127.0.0.2")
        }
    }

    @Test func anIPv6ClientIsWrittenAsIPv6() throws {
        try Self.withServer(host: "::1") { port in
            let seen = try Self.clientAddressSeen(family: AF_INET6, server: "::1", port: port, from: nil)
            #expect(seen == "::1")
        }
    }

    /// One `GET /` on a fresh socket of `family` (bound to `source` when
    /// given); the `X-Client-Address` of the answer.
    private static func clientAddressSeen(family: Int32, server: String, port: Int, from source: String?) throws -> String? {
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestHTTPError.socket("socket(): errno \(errno)") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            let local = try socketAddress(family: family, source, port: 0)
            guard
                local.withUnsafeBytes({ bind(descriptor, $0.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count)) })
                    == 0
            else { throw TestHTTPError.socket("bind(\(source)): errno \(errno)") }
        }
        let remote = try socketAddress(family: family, server, port: port)
        guard
            remote.withUnsafeBytes({ connect(descriptor, $0.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count)) })
                == 0
        else { throw TestHTTPError.socket("connect(\(server)): errno \(errno)") }
        let request = Array("GET / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count
        else { throw TestHTTPError.socket("send: errno \(errno)") }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recvRetryingInterrupts(descriptor, into: $0) }
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        let lines = String(decoding: received, as: UTF8.self).split(separator: "\r\n")
        guard let line = lines.first(where: { $0.lowercased().hasPrefix("x-client-address:") }) else { return nil }
        return line.dropFirst("x-client-address:".count).trimmingCharacters(in: " ")
    }

    /// The bytes of a `sockaddr_in` or `sockaddr_in6` for `address` and `port`.
    private static func socketAddress(family: Int32, _ address: String, port: Int) throws -> [UInt8] {
        if family == AF_INET {
            var ipv4 = sockaddr_in()
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = UInt16(port).bigEndian
            guard inet_pton(AF_INET, address, &ipv4.sin_addr) == 1 else { throw TestHTTPError.socket("bad address \(address)") }
            return withUnsafeBytes(of: &ipv4) { Array($0) }
        }
        var ipv6 = sockaddr_in6()
        ipv6.sin6_family = sa_family_t(AF_INET6)
        ipv6.sin6_port = UInt16(port).bigEndian
        guard inet_pton(AF_INET6, address, &ipv6.sin6_addr) == 1 else { throw TestHTTPError.socket("bad address \(address)") }
        return withUnsafeBytes(of: &ipv6) { Array($0) }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
