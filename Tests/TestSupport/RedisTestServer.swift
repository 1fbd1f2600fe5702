import Foundation
import Platform

/// A `redis-server` of a test's own: a free loopback port, a fresh
/// temporary directory, the AOF on with `appendfsync always` (an
/// acknowledged write survives a kill -9), no RDB snapshots. Stopped by its
/// pid when the value goes away.
///
/// `make test` installs Debian's redis-server when it is missing.
public final class RedisTestServer: @unchecked Sendable {
    public let port: Int
    public let directory: String
    private var process: Process?

    public init() throws {
        directory = NSTemporaryDirectory() + "redis-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        port = try Self.freePort()
        try start()
    }

    deinit {
        stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// `redis://127.0.0.1:<port>`.
    public var url: String { "redis://127.0.0.1:\(port)" }

    /// Starts the server (again) on the same port and directory, so it
    /// loads the same AOF; returns once it answers `PING`.
    public func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = [
            "--port", String(port), "--bind", "127.0.0.1", "--dir", directory, "--appendonly", "yes",
            "--appendfsync", "always", "--save", "", "--daemonize", "no", "--logfile", directory + "/redis.log",
            // DEBUG SLEEP makes a slow Redis for the timeout tests.
            "--enable-debug-command", "local",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let giveUp = ContinuousClock.now + .seconds(20)
        while !Self.answersPing(port) {
            guard process.isRunning, ContinuousClock.now < giveUp else {
                let log = (try? String(contentsOfFile: directory + "/redis.log", encoding: .utf8)) ?? ""
                throw RedisTestServerError(description: "redis-server on port \(port) did not answer PING: \(log.suffix(500))")
            }
            usleep(10_000)
        }
    }

    /// Stops the server by its pid (SIGKILL by default: with `appendfsync
    /// always` nothing acknowledged is lost) and waits for it to exit.
    public func stop(signal: Int32 = SIGKILL) {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        self.process = nil
    }

    /// Sends one command over a fresh connection (inline protocol) and
    /// returns the raw reply; for tests that read `INFO` or `LRANGE`.
    public func command(_ arguments: [String]) throws -> [UInt8] {
        try Self.exchange(port, Self.encode(arguments))
    }

    static var executable: String {
        ["/usr/bin/redis-server", "/usr/local/bin/redis-server", "/usr/sbin/redis-server"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        } ?? "/usr/bin/redis-server"
    }

    static func encode(_ arguments: [String]) -> [UInt8] {
        var bytes = Array("*\(arguments.count)\r\n".utf8)
        for argument in arguments {
            bytes += Array("$\(argument.utf8.count)\r\n".utf8) + Array(argument.utf8) + Array("\r\n".utf8)
        }
        return bytes
    }

    static func answersPing(_ port: Int) -> Bool {
        guard let reply = try? exchange(port, encode(["PING"])) else { return false }
        return reply.starts(with: Array("+PONG".utf8))
    }

    /// Connects, writes `request`, reads until the peer has sent one whole
    /// reply (it stops sending for 100 ms) and closes.
    static func exchange(_ port: Int, _ request: [UInt8]) throws -> [UInt8] {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw RedisTestServerError(description: "socket failed") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw RedisTestServerError(description: "cannot connect to port \(port)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var waited = 0
        while waited < 50 {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                reply += buffer[0..<count]
                if Self.isComplete(reply) { break }
            } else if count == 0 {
                break
            } else {
                waited += 1
            }
        }
        return reply
    }

    /// Whether `reply` holds one whole RESP value.
    static func isComplete(_ reply: [UInt8]) -> Bool {
        var index = 0
        return skipValue(reply, &index)
    }

    private static func skipValue(_ bytes: [UInt8], _ index: inout Int) -> Bool {
        guard index < bytes.count else { return false }
        let kind = bytes[index]
        guard let lineEnd = line(bytes, from: index + 1) else { return false }
        let number = Int(String(decoding: bytes[(index + 1)..<lineEnd], as: UTF8.self)) ?? 0
        index = lineEnd + 2
        switch kind {
        case UInt8(ascii: "$"):
            if number < 0 { return true }
            index += number + 2
            return index <= bytes.count
        case UInt8(ascii: "*"):
            for _ in 0..<max(0, number) where !skipValue(bytes, &index) { return false }
            return true
        default:
            return true
        }
    }

    private static func line(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 13 && bytes[index + 1] == 10 { return index }
            index += 1
        }
        return nil
    }

    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw RedisTestServerError(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

public struct RedisTestServerError: Error, CustomStringConvertible {
    public let description: String
}
