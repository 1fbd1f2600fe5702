import Platform

/// `navigation-server healthcheck`: asks a running server for `GET /healthz`
/// over plain TCP, so a container's `HEALTHCHECK` needs no curl.
enum HealthCheck {
    /// Seconds the whole probe of one address may take to connect, send or read.
    static let timeoutSeconds = 3

    /// Whether `GET /healthz` on `host`:`port` answers 200. A wildcard host
    /// (`0.0.0.0`, `::`) is probed on the matching loopback address.
    static func isHealthy(host: String, port: Int) -> Bool {
        let probeHost = loopbackIfWildcard(host)
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var addresses: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(probeHost, String(port), &hints, &addresses) == 0 else { return false }
        defer { freeaddrinfo(addresses) }
        let hostHeader = (probeHost.contains(":") ? "[\(probeHost)]" : probeHost) + ":\(port)"
        var next = addresses
        while let address = next {
            if probe(address.pointee, hostHeader: hostHeader) { return true }
            next = address.pointee.ai_next
        }
        return false
    }

    static func loopbackIfWildcard(_ host: String) -> String {
        switch host {
        case "0.0.0.0": "127.0.0.1"
        case "::", "[::]": "::1"
        default: host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        }
    }

    /// One connection: sends the request and reads until the status line is in.
    private static func probe(_ address: addrinfo, hostHeader: String) -> Bool {
        let socketDescriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard socketDescriptor >= 0 else { return false }
        defer { close(socketDescriptor) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        // On Linux the send timeout also bounds connect().
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, size)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, size)
        guard connect(socketDescriptor, address.ai_addr, address.ai_addrlen) == 0 else { return false }

        let request = Array("GET /healthz HTTP/1.1\r\nHost: \(hostHeader)\r\nConnection: close\r\n\r\n".utf8)
        let sent = request.withUnsafeBytes { send(socketDescriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else { return false }

        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while !received.contains(UInt8(ascii: "\n")) && received.count < 4096 {
            let count = buffer.withUnsafeMutableBytes { recv(socketDescriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received.append(contentsOf: buffer[..<count])
        }
        let statusLine = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return statusLine.hasPrefix("HTTP/1.1 200 ") || statusLine.hasPrefix("HTTP/1.0 200 ")
    }
}
