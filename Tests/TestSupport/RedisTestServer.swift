import Foundation
import Platform
import Testing

/// A `redis-server` of a test's own: a free loopback port, a fresh
/// temporary directory, the AOF on with `appendfsync always` (an
/// acknowledged write survives a kill -9), no RDB snapshots. Killed when
/// the value goes away.
///
/// With a `password` it runs with `requirepass`, and ``url`` names it and
/// `database` (`redis://:password@127.0.0.1:port/3`): a store on that URL
/// must `AUTH` and `SELECT` on every connection it opens. ``command(_:)``
/// does the same before each command.
///
/// `make test` installs Debian's redis-server when it is missing.
public final class RedisTestServer: Sendable {
    public let port: Int
    public let directory: String
    public let password: String?
    public let database: Int
    private let child = LockedBox<ChildProcess?>(nil)

    public init(password: String? = nil, database: Int = 0) throws {
        self.password = password
        self.database = database
        directory = NSTemporaryDirectory() + "redis-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        port = try freeLoopbackPort()
        try start()
    }

    /// A server with `requirepass` whose ``url`` selects database 3.
    public static func secured() throws -> RedisTestServer {
        try RedisTestServer(password: "test-\(UUID().uuidString.prefix(8))", database: 3)
    }

    deinit {
        stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// `redis://[:password@]127.0.0.1:<port>[/<database>]`.
    public var url: String {
        "redis://" + (password.map { ":\($0)@" } ?? "") + "127.0.0.1:\(port)" + (database == 0 ? "" : "/\(database)")
    }

    /// Starts the server (again) on the same port and directory, so it
    /// loads the same AOF; returns once it answers `PING`. Its log is the
    /// child's stdout, in every failure message.
    public func start() throws {
        var arguments = [
            "--port", String(port), "--bind", "127.0.0.1", "--dir", directory, "--appendonly", "yes",
            "--appendfsync", "always", "--save", "", "--daemonize", "no", "--logfile", "",
        ]
        if let password { arguments += ["--requirepass", password] }
        let process = try ChildProcess(URL(fileURLWithPath: Self.executable), arguments)
        child.withLock { $0 = process }
        let giveUp = ContinuousClock.now + .seconds(60)
        while (try? command(["PING"]))?.starts(with: Array("+PONG".utf8)) != true {
            guard process.isRunning else { throw process.failure("exited before it answered PING") }
            guard ContinuousClock.now < giveUp else { throw process.failure("did not answer PING within 60 s") }
            usleep(10_000)
        }
    }

    /// Stops the server (SIGKILL by default: with `appendfsync always`
    /// nothing acknowledged is lost) and waits for it to exit.
    public func stop(signal: Int32 = SIGKILL) {
        guard let process = child.withLock({ $0 }), process.isRunning else { return }
        process.signal(signal)
        _ = try? process.waitForExit()
        child.withLock { $0 = nil }
    }

    /// Sends one command over a fresh connection and returns the raw reply;
    /// for tests that read `INFO` or `LRANGE`. The connection first sends
    /// `AUTH` (with a password) and `SELECT` (in another database than 0)
    /// for `database`, the URL's by default, as a store does.
    public func command(_ arguments: [String], in database: Int? = nil) throws -> [UInt8] {
        let database = database ?? self.database
        var commands: [[String]] = []
        if let password { commands.append(["AUTH", password]) }
        if database != 0 { commands.append(["SELECT", String(database)]) }
        commands.append(arguments)
        let replies = try Self.exchange(port, commands.flatMap(Self.encode), replies: commands.count)
        for reply in replies.dropLast() where reply.first == UInt8(ascii: "-") {
            throw RedisTestServerError(description: "redis-server refused: \(String(decoding: reply, as: UTF8.self))")
        }
        return replies.last ?? []
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

    /// Connects, writes `request`, reads until the peer has sent `count`
    /// whole replies (or nothing for 5 s) and closes; the replies' bytes.
    static func exchange(_ port: Int, _ request: [UInt8], replies count: Int) throws -> [[UInt8]] {
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
        var sent = 0
        while sent < request.count {
            let written = request.withUnsafeBytes { send(socket, $0.baseAddress! + sent, $0.count - sent, 0) }
            // A signal (a child's SIGCHLD, ThreadSanitizer's own) may interrupt the call: send again.
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw RedisTestServerError(description: "send to port \(port) failed: errno \(errno)") }
            sent += written
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var waited = 0
        while waited < 50 {
            let length = buffer.withUnsafeMutableBytes { recvRetryingInterrupts(socket, into: $0) }
            if length > 0 {
                received += buffer[0..<length]
                let values = values(received)
                if values.count >= count { return values }
            } else if length == 0 {
                break
            } else {
                waited += 1
            }
        }
        return values(received)
    }

    /// The whole RESP values at the start of `bytes`, each as its bytes.
    static func values(_ bytes: [UInt8]) -> [[UInt8]] {
        var values: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            let start = index
            guard skipValue(bytes, &index) else { break }
            values.append(Array(bytes[start..<index]))
        }
        return values
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
}

public struct RedisTestServerError: Error, CustomStringConvertible {
    public let description: String
}
