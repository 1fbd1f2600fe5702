import HTTPCore
import Platform
import TestSupport

/// A response as parsed by ``TestHTTPConnection``.
struct TestHTTPResponse {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

enum TestHTTPError: Error, CustomStringConvertible {
    case socket(String)
    case closedByServer
    case malformedResponse(String)

    var description: String {
        switch self {
        case .socket(let reason): "socket error: \(reason)"
        case .closedByServer: "server closed the connection"
        case .malformedResponse(let reason): "malformed response: \(reason)"
        }
    }
}

/// A blocking HTTP/1.1 client on one TCP connection to 127.0.0.1.
///
/// Raw sockets rather than URLSession: tests need to control keep-alive, write
/// a body in pieces, send malformed requests and see whether the server closed
/// the connection. Every read and write has a timeout so a server bug fails a
/// test instead of hanging it.
final class TestHTTPConnection {
    private let socket: Int32
    private var received: [UInt8] = []

    /// `sendBufferBytes` caps the kernel's send buffer (normally it grows to
    /// megabytes), so a large `send` only completes as the server reads.
    /// `ipv6` connects to `::1` instead of 127.0.0.1. `sourceAddress` is
    /// the local IPv4 address to connect from, e.g. `127.0.0.2` (all of
    /// 127.0.0.0/8 is loopback on Linux): another client address for the
    /// server. `timeoutSeconds` bounds each read and write against a hang;
    /// generous, since it is no assertion about time.
    init(
        port: Int, ipv6: Bool = false, timeoutSeconds: Int = 60, sendBufferBytes: Int32? = nil, sourceAddress: String? = nil
    ) throws {
        socket = Glibc.socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw TestHTTPError.socket("socket(): \(Self.lastError)") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // A server that stops reading without closing fails a send, not the run.
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var sendBufferBytes {
            setsockopt(socket, SOL_SOCKET, SO_SNDBUF, &sendBufferBytes, socklen_t(MemoryLayout<Int32>.size))
        }
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))

        if let sourceAddress {
            var source = sockaddr_in()
            source.sin_family = sa_family_t(AF_INET)
            source.sin_addr.s_addr = inet_addr(sourceAddress)
            let bound = withUnsafePointer(to: &source) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw TestHTTPError.socket("bind(\(sourceAddress)): \(Self.lastError)") }
        }
        let connected = ipv6 ? Self.connect(socket, toLoopbackIPv6Port: port) : Self.connect(socket, toLoopbackPort: port)
        // No close here: `self` is fully initialised, so a throw runs
        // `deinit`, which closes the socket. Closing it here as well closed
        // it twice, and the second close hit whatever descriptor another
        // thread had opened under that number meanwhile (a server's epoll
        // set, once: libmicrohttpd then aborted).
        guard connected == 0 else { throw TestHTTPError.socket("connect(): \(Self.lastError)") }
    }

    deinit {
        close(socket)
    }

    private static func connect(_ socket: Int32, toLoopbackPort port: Int) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    private static func connect(_ socket: Int32, toLoopbackIPv6Port port: Int) -> Int32 {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = UInt16(port).bigEndian
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
    }

    /// Whether this machine has an IPv6 loopback a socket can bind.
    static var loopbackIPv6Binds: Bool {
        let socket = Glibc.socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
        }
    }

    /// Ends the connection both ways as closing it would (the server reads
    /// end of stream), leaving the descriptor for `deinit` to close once.
    func shutdownBothWays() {
        _ = shutdown(socket, Int32(SHUT_RDWR))
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw TestHTTPError.socket("send(): \(Self.lastError)") }
            offset += written
        }
    }

    /// Sends a complete request with `Host` and, when there is a body, `Content-Length`.
    func sendRequest(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        if !body.isEmpty || method == "POST" || method == "PUT" {
            head += "Content-Length: \(body.count)\r\n"
        }
        try send(Array((head + "\r\n").utf8) + body)
    }

    /// ``sendRequest(_:_:headers:body:)`` then ``readResponse()``.
    func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> TestHTTPResponse {
        try sendRequest(method, target, headers: headers, body: body)
        return try readResponse()
    }

    /// Reads one response; the body is delimited by `Content-Length`, or by the
    /// server closing the connection when there is none. An interim answer
    /// (`100 Continue`) is skipped unless `skippingInterim` is false.
    func readResponse(skippingInterim: Bool = true) throws -> TestHTTPResponse {
        let headEnd = try readUntilHeadEnd()
        let head = String(decoding: received[..<headEnd], as: UTF8.self)
        received.removeFirst(headEnd + 4)

        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw TestHTTPError.malformedResponse("status line in \(head)")
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        if status < 200 {
            return skippingInterim ? try readResponse() : TestHTTPResponse(status: status, headers: headers, body: [])
        }
        let body: [UInt8]
        if status == 204 || status == 304 {
            body = []  // never has a body, nor a Content-Length
        } else if let length = headers["Content-Length"].flatMap({ Int($0) }) {
            while received.count < length {
                guard try receiveMore() else { throw TestHTTPError.closedByServer }
            }
            body = Array(received[..<length])
            received.removeFirst(length)
        } else {
            while try receiveMore() {}
            body = received
            received = []
        }
        return TestHTTPResponse(status: status, headers: headers, body: body)
    }

    /// Whether the server has closed its side: a read sees end-of-stream (or a
    /// reset) within `seconds`, with no unread response bytes pending. The
    /// default is a bound against a hang, not a duration: it returns as soon
    /// as the close arrives; a test that expects no close passes its own.
    func isClosedByServer(waitingUpTo seconds: Double = WaitBound.condition) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let giveUp = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var ready: Int32
        // Interrupted by a signal is not closed: wait again for what is left.
        repeat {
            let left = max(0, Int32((giveUp - ContinuousClock.now) / .milliseconds(1)))
            ready = poll(&descriptor, 1, left)
        } while ready < 0 && errno == EINTR
        guard ready > 0 else { return false }
        var byte: UInt8 = 0
        let count = withUnsafeMutableBytes(of: &byte) { recvRetryingInterrupts(socket, into: $0, flags: Int32(MSG_PEEK | MSG_DONTWAIT)) }
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    private func readUntilHeadEnd() throws -> Int {
        let separator: [UInt8] = [13, 10, 13, 10]
        var searchFrom = 0
        while true {
            if received.count >= 4 {
                for index in searchFrom...(received.count - 4) where received[index..<index + 4].elementsEqual(separator) {
                    return index
                }
                searchFrom = received.count - 3
            }
            guard try receiveMore() else { throw TestHTTPError.closedByServer }
        }
    }

    /// Appends what the socket has; `false` at end of stream.
    private func receiveMore() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recvRetryingInterrupts(socket, into: $0) }
        if count > 0 {
            received.append(contentsOf: chunk[..<count])
            return true
        }
        if count == 0 || errno == ECONNRESET { return false }
        throw TestHTTPError.socket("recv(): \(Self.lastError)")
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
