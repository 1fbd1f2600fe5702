import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A team's backend for the tests: HTTP/1.1 on 127.0.0.1 and a free port,
/// every connection on one thread (poll(2)), so hundreds of requests can
/// wait for their answers without a thread each, and the process's thread
/// count shows the client's threads alone.
///
/// `script` chooses each request's ``Reply`` (on the backend's thread).
/// Connections are kept alive, one request at a time, as libcurl sends them.
final class TestBackend: Sendable {
    struct Request: Sendable {
        var method: String
        var target: String
        /// Names in lower case.
        var headers: [String: String]
        var body: [UInt8]
        /// When the whole request had arrived, in seconds on the monotonic clock.
        var receivedAt: Double
        /// 1 for the first request this backend received, 2 for the next, …
        var number = 0
    }

    enum Reply: Sendable {
        /// An answer with `Content-Length`, sent `after` seconds.
        case respond(status: Int, headers: [(String, String)] = [], body: [UInt8] = [], after: Double = 0)
        /// These bytes as they are, then the connection closed.
        case raw([UInt8])
        /// Nothing, ever; the connection stays open.
        case never
        /// The connection closed without an answer.
        case close
        /// An answer held until ``release()``, sent at once after it.
        case held(status: Int, body: [UInt8])
    }

    /// What the backend's thread and the tests share.
    struct Shared {
        var requests: [Request] = []
        /// Requests received whose answer is not yet queued (never-answered and held ones included).
        var unanswered = 0
        var mostUnanswered = 0
        var isReleased = false
        var isStopping = false
    }

    let port: Int
    let shared = LockedBox(Shared())
    private let loop: TestBackendLoop
    /// Signalled when the loop's thread has ended; `nil` once stopped.
    private let finished: LockedBox<DispatchSemaphore?>

    init(_ script: @escaping @Sendable (Request) -> Reply) throws {
        let listener = try TestSockets.listen()
        port = listener.port
        let loop = TestBackendLoop(listener: listener.socket, shared: shared, script: script)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            loop.run()
            finished.signal()
        }
        self.loop = loop
        self.finished = LockedBox(finished)
    }

    /// Answers every request with `reply`.
    convenience init(always reply: Reply) throws {
        try self.init { _ in reply }
    }

    deinit {
        stop()
    }

    var url: String { "http://127.0.0.1:\(port)/effects/run" }
    var requests: [Request] { shared.withLock { $0.requests } }
    var unanswered: Int { shared.withLock { $0.unanswered } }
    var mostUnanswered: Int { shared.withLock { $0.mostUnanswered } }

    /// Sends the held answers, and answers later held requests at once.
    func release() {
        shared.withLock { $0.isReleased = true }
        loop.wake()
    }

    /// Closes every connection and the listener, and ends the thread.
    func stop() {
        guard
            let finished = finished.withLock({ finished in
                defer { finished = nil }
                return finished
            })
        else { return }
        shared.withLock { $0.isStopping = true }
        loop.wake()
        finished.wait()
    }
}

/// Sockets for the test backend and for a port that refuses.
enum TestSockets {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A non-blocking listening socket on 127.0.0.1 and a free port.
    static func listen() throws -> (socket: Int32, port: Int) {
        let (socket, port) = try bound()
        guard Glibc.listen(socket, 1024) == 0 else {
            close(socket)
            throw Failure(description: "listen(): \(String(cString: strerror(errno)))")
        }
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        return (socket, port)
    }

    /// A socket bound to 127.0.0.1 and a free port, not listening: a
    /// connection to that port is refused while the socket stays open.
    static func bound() throws -> (socket: Int32, port: Int) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket(): \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            throw Failure(description: "bind(): \(String(cString: strerror(errno)))")
        }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }
}
