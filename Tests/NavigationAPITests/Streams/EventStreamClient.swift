import Coordination
import Platform
import TestSupport

/// One Server-Sent Events message as the client parsed it.
struct StreamMessage: Sendable {
    var id: String?
    var event: String?
    var data: String?
    /// Comment lines (`: ...`), without the colon and its space.
    var comments: [String] = []

    var version: Int? { id.flatMap { Int($0) } }
    var document: JSONValue? { data.flatMap { try? JSONParser.parse(Array($0.utf8)) } }
}

/// A raw-socket client of `GET /v1/sessions/{id}/stream`: sends the request,
/// reads the head, then decodes the chunked body into SSE messages one at a
/// time, as a browser's EventSource does.
final class EventStreamClient {
    let status: Int
    let headers: [(name: String, value: String)]
    /// The body of a refusal (a problem document), read to its end.
    private(set) var refusalBody: [UInt8] = []
    private var descriptor: Int32 = -1
    private var raw: [UInt8] = []
    /// Decoded body bytes not yet parsed into a message.
    private var text: [UInt8] = []
    private var bodyEnded = false

    /// Opens the stream at `path`. `receiveBufferBytes` shrinks the socket's
    /// receive buffer (a slow reader fills it sooner).
    init(port: Int, path: String, headers requestHeaders: [(String, String)] = [], receiveBufferBytes: Int32? = nil) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestClientError(description: "socket failed") }
        if var receiveBufferBytes {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBufferBytes, socklen_t(MemoryLayout<Int32>.size))
        }
        // A safety net against a hang, never an assertion about time: a
        // stream that sends nothing for this long fails the read, and is
        // never taken for one the server ended.
        var timeout = timeval(tv_sec: Self.silenceSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard TestHTTPClient.connect(descriptor, toLoopbackPort: port) else {
            close(descriptor)
            throw TestClientError(description: "connect failed: errno \(errno)")
        }
        var head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n"
        for (name, value) in requestHeaders { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }

        var headEnd: Int?
        var received: [UInt8] = []
        while headEnd == nil {
            let more: [UInt8]
            do {
                more = try Self.receive(descriptor)
            } catch {
                close(descriptor)  // `self` is not initialised yet: no `deinit` runs
                throw error
            }
            guard !more.isEmpty else {
                close(descriptor)
                throw TestClientError(description: "no answer to GET \(path)")
            }
            received += more
            headEnd = Self.find([13, 10, 13, 10], in: received)
        }
        let lines = String(decoding: received[..<headEnd!], as: UTF8.self).split(separator: "\r\n")
        let statusParts = lines.first?.split(separator: " ") ?? []
        status = statusParts.count >= 2 ? Int(statusParts[1]) ?? 0 : 0
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        self.descriptor = descriptor
        raw = Array(received[(headEnd! + 4)...])
        if status != 200, let length = header("Content-Length").flatMap({ Int($0) }) {
            while raw.count < length, let more = try? Self.receive(descriptor), !more.isEmpty { raw += more }
            refusalBody = Array(raw.prefix(length))
            bodyEnded = true
        } else if status != 200 {
            while let message = try nextDecodedBytes() { refusalBody += message }
        }
    }

    deinit { disconnect() }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The refusal's problem document.
    var problem: JSONValue? { try? JSONParser.parse(refusalBody) }

    /// The next message, comments included; `nil` once the server ended the
    /// stream (or closed the connection).
    func next() throws -> StreamMessage? {
        while true {
            if let end = Self.find([10, 10], in: text) {
                let block = String(decoding: text[..<end], as: UTF8.self)
                text.removeFirst(end + 2)
                return Self.parse(block)
            }
            guard let more = try nextDecodedBytes() else { return nil }
            text += more
        }
    }

    /// The next message that is not only comments.
    func nextEvent() throws -> StreamMessage? {
        while let message = try next() {
            if message.event != nil || message.data != nil { return message }
        }
        return nil
    }

    /// Closes the socket without reading further: a client that went away.
    func disconnect() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    private static func parse(_ block: String) -> StreamMessage {
        var message = StreamMessage()
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(":") {
                message.comments.append(String(line.dropFirst().drop { $0 == " " }))
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let field = String(line[..<colon])
            let value = String(line[line.index(after: colon)...].dropFirst(line[line.index(after: colon)...].hasPrefix(" ") ? 1 : 0))
            switch field {
            case "id": message.id = value
            case "event": message.event = value
            case "data": message.data = (message.data.map { $0 + "\n" } ?? "") + value
            default: continue
            }
        }
        return message
    }

    /// The next chunk's data; nil at the last chunk or the end of the connection.
    private func nextDecodedBytes() throws -> [UInt8]? {
        guard !bodyEnded else { return nil }
        let isChunked = header("Transfer-Encoding")?.lowercased() == "chunked"
        guard isChunked else {
            if !raw.isEmpty {
                defer { raw = [] }
                return raw
            }
            let more = try Self.receive(descriptor)
            guard !more.isEmpty else {
                bodyEnded = true
                return nil
            }
            return more
        }
        while true {
            if let lineEnd = Self.find([13, 10], in: raw) {
                let sizeText = String(decoding: raw[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
                guard let size = Int(sizeText, radix: 16) else { throw TestClientError(description: "bad chunk size") }
                if size == 0 {
                    bodyEnded = true
                    return nil
                }
                if raw.count >= lineEnd + 2 + size + 2 {
                    let data = Array(raw[(lineEnd + 2)..<(lineEnd + 2 + size)])
                    raw.removeFirst(lineEnd + 2 + size + 2)
                    return data
                }
            }
            let more = try Self.receive(descriptor)
            guard !more.isEmpty else {
                bodyEnded = true
                return nil
            }
            raw += more
        }
    }

    /// How long a read waits for the server before the test fails.
    static let silenceSeconds = 60

    /// Bytes read from the socket; empty at its end (or a reset). Throws
    /// when nothing came for ``silenceSeconds``.
    private static func receive(_ descriptor: Int32) throws -> [UInt8] {
        guard descriptor >= 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let count = buffer.withUnsafeMutableBytes { recvRetryingInterrupts(descriptor, into: $0) }
        if count < 0 {
            guard errno == EAGAIN || errno == EWOULDBLOCK else { return [] }
            throw TestClientError(description: "the stream sent nothing for \(silenceSeconds) s")
        }
        return Array(buffer[..<count])
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], Array(haystack[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }
}
