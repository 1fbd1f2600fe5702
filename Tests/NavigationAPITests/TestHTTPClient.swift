import Coordination
import Platform
import TestSupport

/// A response as a client sees it.
struct TestResponse {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    /// The first value of `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed by the project's strict parser; `nil` when it is not JSON.
    var json: JSONValue? { try? JSONParser.parse(body) }
}

struct TestClientError: Error, CustomStringConvertible {
    let description: String
}

/// A minimal HTTP/1.1 client over a raw POSIX socket to 127.0.0.1.
///
/// Keeps its connection alive between requests, reconnects when the server
/// closed it (`Connection: close`, or an idle connection closed before the
/// next request), and can send arbitrary bytes so tests can speak broken HTTP.
final class TestHTTPClient {
    let port: Int
    /// The local IPv4 address the client connects from, e.g. `127.0.0.2`
    /// (all of 127.0.0.0/8 is loopback on Linux); `nil`: the system's choice.
    let sourceAddress: String?
    /// Caps the kernel's send buffer of each connection (normally it grows to
    /// megabytes), so a large send completes only as the server reads — as
    /// on a real network, where the bytes cannot all be in flight at once.
    let sendBufferBytes: Int32?
    /// How many TCP connections this client opened; 1 after many requests
    /// means keep-alive held.
    private(set) var connectionsOpened = 0
    private var descriptor: Int32 = -1
    private var pending: [UInt8] = []

    init(port: Int, sourceAddress: String? = nil, sendBufferBytes: Int32? = nil) {
        self.port = port
        self.sourceAddress = sourceAddress
        self.sendBufferBytes = sendBufferBytes
    }

    deinit {
        disconnect()
    }

    // MARK: - Requests

    func request(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> TestResponse {
        // A `Host` among `headers` replaces the default one.
        let namesHost = headers.contains { $0.0.lowercased() == "host" }
        var head = "\(method) \(path) HTTP/1.1\r\n" + (namesHost ? "" : "Host: 127.0.0.1:\(port)\r\n")
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        // As any HTTP client does, a kept-alive connection the server has
        // closed meanwhile (its idle timeout, 30 s by default, passes while a
        // test under load does something else) is replaced before a request,
        // not written to and then read as a failure.
        if hasBeenClosedByServer() { disconnect() }
        try send(Array(head.utf8) + body)
        return try readResponse(toHead: method == "HEAD")
    }

    /// Whether the server has closed the open connection: the end of the
    /// stream or a reset is waiting to be read, and nothing else is. Never
    /// blocks, and reads nothing.
    func hasBeenClosedByServer() -> Bool {
        guard descriptor >= 0, pending.isEmpty else { return false }
        var byte: UInt8 = 0
        let peeked = withUnsafeMutableBytes(of: &byte) {
            recvRetryingInterrupts(descriptor, into: $0, flags: Int32(MSG_PEEK | MSG_DONTWAIT))
        }
        return Self.meansClosed(peeked)
    }

    /// Whether what `recv` returned (and `errno` after it) says the server
    /// closed the connection: the end of the stream, or a reset.
    private static func meansClosed(_ received: Int) -> Bool {
        received == 0 || (received < 0 && errno == ECONNRESET)
    }

    /// Sends `value` as an `application/json` body.
    func request(
        _ method: String, _ path: String, json value: JSONValue, headers: [(String, String)] = []
    ) throws -> TestResponse {
        try request(method, path, headers: [("Content-Type", "application/json")] + headers, body: value.encoded())
    }

    // MARK: - Raw bytes

    /// Sends `bytes` as they are, connecting first if needed.
    func send(_ bytes: [UInt8]) throws {
        if descriptor < 0 { try connect() }
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { throw TestClientError(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Reads one response; `toHead` says the request was HEAD, so no body follows.
    func readResponse(toHead: Bool = false) throws -> TestResponse {
        let headEnd = try readUntilHeadersEnd()
        let lines = String(decoding: pending[..<headEnd], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        pending.removeFirst(headEnd + 4)
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw TestClientError(description: "bad status line: \(lines.first ?? "")")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            headers.append((String(line[..<colon]), String(value)))
        }
        let response = TestResponse(status: status, headers: headers, body: [])
        let body: [UInt8]
        if toHead || status == 204 || status == 304 || (100..<200).contains(status) {
            body = []
        } else if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            body = try readChunkedBody()
        } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            body = try readExactly(length)
        } else {
            body = try readToEnd()
        }
        if response.header("Connection")?.lowercased() == "close" { disconnect() }
        return TestResponse(status: status, headers: headers, body: body)
    }

    /// Whether the server closed the connection (reads end of stream within
    /// `seconds`). The default bounds a hang and returns as soon as the close
    /// arrives; a test that expects no close passes its own.
    func serverClosedConnection(within seconds: Int = Int(WaitBound.condition)) -> Bool {
        guard descriptor >= 0 else { return true }
        setReceiveTimeout(seconds: seconds)
        var byte: UInt8 = 0
        // Interrupted by a signal is not closed: the wait goes on.
        let received = withUnsafeMutableBytes(of: &byte) { recvRetryingInterrupts(descriptor, into: $0) }
        let closed = Self.meansClosed(received)
        setReceiveTimeout(seconds: Self.receiveTimeoutSeconds)
        if closed {
            disconnect()
            return true
        }
        return false
    }

    func disconnect() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        pending = []
    }

    // MARK: - Socket

    private func connect() throws {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw TestClientError(description: "socket failed: errno \(errno)") }
        if let sourceAddress {
            var source = sockaddr_in()
            source.sin_family = sa_family_t(AF_INET)
            source.sin_addr.s_addr = inet_addr(sourceAddress)
            let bound = withUnsafePointer(to: &source) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                close(socketDescriptor)
                throw TestClientError(description: "bind to \(sourceAddress) failed: errno \(errno)")
            }
        }
        if var sendBufferBytes {
            setsockopt(socketDescriptor, SOL_SOCKET, SO_SNDBUF, &sendBufferBytes, socklen_t(MemoryLayout<Int32>.size))
        }
        // A server that stops reading without closing fails a send, not the run.
        var sendTimeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        guard Self.connect(socketDescriptor, toLoopbackPort: port) else {
            close(socketDescriptor)
            throw TestClientError(description: "connect to port \(port) failed: errno \(errno)")
        }
        descriptor = socketDescriptor
        connectionsOpened += 1
        setReceiveTimeout(seconds: Self.receiveTimeoutSeconds)
    }

    /// Connects `descriptor` to 127.0.0.1:`port`; false (with `errno`) when it fails.
    static func connect(_ descriptor: Int32, toLoopbackPort port: Int) -> Bool {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0
    }

    /// How long a read may wait: a bound against a hang, not a deadline a
    /// test asserts. Generous, since `swift test` runs suites side by side on
    /// two cores, three server processes among them.
    static let receiveTimeoutSeconds = 60

    private func setReceiveTimeout(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads more bytes into `pending`; false at end of stream.
    private func receiveMore() throws -> Bool {
        guard descriptor >= 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let received = chunk.withUnsafeMutableBytes { recvRetryingInterrupts(descriptor, into: $0) }
        if received < 0 {
            if errno == ECONNRESET { return false }
            throw TestClientError(description: "recv failed or timed out: errno \(errno)")
        }
        pending.append(contentsOf: chunk[..<received])
        return received > 0
    }

    private func readUntilHeadersEnd() throws -> Int {
        let terminator: [UInt8] = [13, 10, 13, 10]
        while true {
            if pending.count >= 4 {
                for index in 0...(pending.count - 4) where pending[index..<index + 4].elementsEqual(terminator) {
                    return index
                }
            }
            guard try receiveMore() else { throw TestClientError(description: "connection closed before a response") }
        }
    }

    private func readExactly(_ count: Int) throws -> [UInt8] {
        while pending.count < count {
            guard try receiveMore() else { throw TestClientError(description: "connection closed inside a body") }
        }
        let bytes = Array(pending[..<count])
        pending.removeFirst(count)
        return bytes
    }

    private func readLine() throws -> String {
        while true {
            if let index = pending.indices.dropLast().first(where: { pending[$0] == 13 && pending[$0 + 1] == 10 }) {
                let line = String(decoding: pending[..<index], as: UTF8.self)
                pending.removeFirst(index + 2)
                return line
            }
            guard try receiveMore() else { throw TestClientError(description: "connection closed inside a chunk") }
        }
    }

    private func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeText = try readLine().split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText, radix: 16) else { throw TestClientError(description: "bad chunk size") }
            if size == 0 {
                while try !readLine().isEmpty {}
                return body
            }
            body += try readExactly(size)
            _ = try readLine()
        }
    }

    private func readToEnd() throws -> [UInt8] {
        while try receiveMore() {}
        let bytes = pending
        disconnect()
        return bytes
    }
}
