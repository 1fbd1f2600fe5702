import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The test backend's thread: accepts, reads requests, asks the script,
/// writes answers when they are due. State other than ``TestBackend/Shared``
/// is its own: only ``wake()`` is called from other threads (a write to a pipe).
final class TestBackendLoop: @unchecked Sendable {
    /// One client connection.
    private struct Connection {
        var socket: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        /// A request is waiting for its answer.
        var isAwaitingAnswer = false
        /// The answer's bytes and when they are due (`nil`: held until released or never).
        var answer: [UInt8]?
        var answerDue = 0.0
        var isHeld = false
        var closesAfterWriting = false
    }

    private let listener: Int32
    private let shared: LockedBox<TestBackend.Shared>
    private let script: @Sendable (TestBackend.Request) -> TestBackend.Reply
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private var connections: [Connection] = []

    init(listener: Int32, shared: LockedBox<TestBackend.Shared>, script: @escaping @Sendable (TestBackend.Request) -> TestBackend.Reply) {
        self.listener = listener
        self.shared = shared
        self.script = script
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        wakeReader = ends[0]
        wakeWriter = ends[1]
    }

    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func run() {
        while !shared.withLock({ $0.isStopping }) {
            var fds = [pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            for connection in connections {
                fds.append(pollfd(fd: connection.socket, events: Int16(connection.output.isEmpty ? POLLIN : POLLIN | POLLOUT), revents: 0))
            }
            _ = poll(&fds, nfds_t(fds.count), Int32(millisecondsToNextAnswer()))
            var drain = [UInt8](repeating: 0, count: 64)
            while read(wakeReader, &drain, drain.count) > 0 {}
            if fds[1].revents != 0 { acceptAll() }
            for index in connections.indices.reversed() {
                let events = fds.count > index + 2 ? fds[index + 2].revents : 0
                if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 { readFrom(index) }
                if index < connections.count { queueDueAnswer(index) }
                if index < connections.count, !connections[index].output.isEmpty { writeTo(index) }
            }
        }
        for connection in connections { close(connection.socket) }
        close(listener)
        close(wakeReader)
        close(wakeWriter)
    }

    private func millisecondsToNextAnswer() -> Int {
        let now = Self.now()
        let dues = connections.compactMap { $0.answer != nil && !$0.isHeld ? $0.answerDue : nil }
        guard let next = dues.min() else { return 200 }
        return max(0, min(200, Int(((next - now) * 1000).rounded(.up))))
    }

    private func acceptAll() {
        while true {
            let socket = accept(listener, nil, nil)
            guard socket >= 0 else { return }
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            connections.append(Connection(socket: socket))
        }
    }

    private func readFrom(_ index: Int) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(connections[index].socket, &buffer, buffer.count)
            if count > 0 {
                connections[index].input.append(contentsOf: buffer[0..<count])
                continue
            }
            if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                drop(index)
                return
            }
            break
        }
        // A TLS handshake (a record of type 22) gets the plain 400 an HTTP
        // server sends, as a backend without TLS on its port would.
        if connections[index].input.first == 0x16, connections[index].output.isEmpty {
            connections[index].input.removeAll()
            connections[index].output = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)
            connections[index].closesAfterWriting = true
            return
        }
        if !connections[index].isAwaitingAnswer, let request = takeRequest(&connections[index].input) {
            receive(request, on: index)
        }
    }

    /// A whole request from the front of `input` (headers and a
    /// `Content-Length` body), or `nil` while it is incomplete.
    private func takeRequest(_ input: inout [UInt8]) -> TestBackend.Request? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = input.indices.first(where: { input[$0...].starts(with: separator) }) else { return nil }
        let lines = String(decoding: input[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        let bodyStart = end + separator.count
        guard input.count >= bodyStart + length else { return nil }
        let body = Array(input[bodyStart..<(bodyStart + length)])
        input.removeFirst(bodyStart + length)
        return TestBackend.Request(
            method: requestLine.first.map(String.init) ?? "", target: requestLine.count > 1 ? String(requestLine[1]) : "",
            headers: headers, body: body, receivedAt: Self.now())
    }

    private func receive(_ request: TestBackend.Request, on index: Int) {
        var request = request
        shared.withLock { shared in
            request.number = shared.requests.count + 1
            shared.requests.append(request)
            shared.unanswered += 1
            shared.mostUnanswered = max(shared.mostUnanswered, shared.unanswered)
        }
        connections[index].isAwaitingAnswer = true
        switch script(request) {
        case .respond(let status, let headers, let body, let after):
            connections[index].answer = Self.response(status: status, headers: headers, body: body)
            connections[index].answerDue = Self.now() + after
        case .raw(let bytes):
            connections[index].answer = bytes
            connections[index].answerDue = 0
            connections[index].closesAfterWriting = true
        case .never:
            break
        case .close:
            drop(index)
        case .held(let status, let body):
            connections[index].answer = Self.response(status: status, headers: [], body: body)
            connections[index].isHeld = true
        }
    }

    private static func response(status: Int, headers: [(String, String)], body: [UInt8]) -> [UInt8] {
        var head = "HTTP/1.1 \(status) Test\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    /// Moves a due answer to the output; the request counts as answered.
    private func queueDueAnswer(_ index: Int) {
        guard let answer = connections[index].answer else { return }
        let isReleased = shared.withLock { $0.isReleased }
        if connections[index].isHeld ? !isReleased : connections[index].answerDue > Self.now() { return }
        connections[index].output += answer
        connections[index].answer = nil
        connections[index].isHeld = false
        connections[index].isAwaitingAnswer = false
        shared.withLock { $0.unanswered -= 1 }
    }

    private func writeTo(_ index: Int) {
        let written = connections[index].output.withUnsafeBytes {
            send(connections[index].socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if written > 0 { connections[index].output.removeFirst(written) }
        if written < 0 && errno != EAGAIN && errno != EWOULDBLOCK {
            drop(index)
        } else if connections[index].output.isEmpty {
            if connections[index].closesAfterWriting {
                drop(index)
            } else if let request = takeRequest(&connections[index].input) {
                receive(request, on: index)
            }
        }
    }

    /// Closes a connection; its unanswered request no longer counts.
    private func drop(_ index: Int) {
        if connections[index].isAwaitingAnswer {
            shared.withLock { $0.unanswered -= 1 }
        }
        close(connections[index].socket)
        connections.remove(at: index)
    }
}
