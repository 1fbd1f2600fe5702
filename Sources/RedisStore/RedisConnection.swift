import CHiredis
import Platform

/// One synchronous hiredis connection, authenticated and on its database.
///
/// Not thread-safe (hiredis contexts are not): ``RedisConnectionPool``
/// lends each connection to one thread at a time. Once an I/O error or a
/// timeout has happened the connection is ``isBroken`` and is thrown away:
/// a reply may still be on its way, so it could pair the next command with
/// the wrong answer.
final class RedisConnection {
    private let context: UnsafeMutablePointer<redisContext>
    private(set) var isBroken = false

    /// Connects within `connectTimeout` seconds, then sends `AUTH` and
    /// `SELECT` as the URL asks; every later command must answer within
    /// `commandTimeout` seconds.
    init(_ url: RedisURL, connectTimeout: Double, commandTimeout: Double) throws(RedisFailure) {
        guard let context = redisConnectWithTimeout(url.host, Int32(url.port), Self.timeval(connectTimeout)) else {
            throw RedisFailure("cannot allocate a connection to \(url.host):\(url.port)")
        }
        self.context = context
        // Every stored property is set: from here on a throw runs deinit,
        // which frees the context.
        guard context.pointee.err == 0 else {
            let reason = Self.errorText(context)
            throw RedisFailure("cannot connect to \(url.host):\(url.port): \(reason)")
        }
        redisSetTimeout(context, Self.timeval(commandTimeout))
        if let password = url.password {
            let arguments = url.user.map { ["AUTH", $0, password] } ?? ["AUTH", password]
            // The reply is checked, never logged with the command: it holds the password.
            if case .error(let message) = try command(arguments.map { Array($0.utf8) }) {
                throw RedisFailure("Redis refused the credentials of the store URL (\(message.prefix(60)))")
            }
        }
        if url.database != 0, case .error(let message) = try command([Array("SELECT".utf8), Array(String(url.database).utf8)]) {
            throw RedisFailure("Redis refused SELECT \(url.database): \(message)")
        }
    }

    deinit {
        redisFree(context)
    }

    /// Sends one command and waits for its reply. An error reply is a
    /// ``RedisReply/error(_:)``; a lost connection or a timeout throws.
    func command(_ arguments: [[UInt8]]) throws(RedisFailure) -> RedisReply {
        try pipeline([arguments])[0]
    }

    /// Sends every command, then reads their replies in order: one round
    /// trip for all of them.
    func pipeline(_ commands: [[[UInt8]]]) throws(RedisFailure) -> [RedisReply] {
        guard !isBroken else { throw RedisFailure("the connection was lost") }
        for arguments in commands {
            let status = Self.withArgv(arguments) { argc, argv, lengths in
                redisAppendCommandArgv(context, argc, argv, lengths)
            }
            guard status == REDIS_OK else { throw broken() }
        }
        var replies: [RedisReply] = []
        replies.reserveCapacity(commands.count)
        for _ in commands {
            var raw: UnsafeMutableRawPointer?
            guard redisGetReply(context, &raw) == REDIS_OK, let raw else { throw broken() }
            replies.append(RedisReply(raw.assumingMemoryBound(to: redisReply.self)))
            freeReplyObject(raw)
        }
        return replies
    }

    /// The next pushed message of a subscribed connection, waiting at most
    /// `seconds` for it; nil when none came in that time. Waiting is a
    /// `poll(2)` on the socket, not a read timeout, so an idle connection
    /// stays open (a hiredis read timeout would break it, and a subscriber
    /// that reconnected after each quiet second would miss what was
    /// published meanwhile). A lost connection throws.
    func nextPushedReply(within seconds: Double) throws(RedisFailure) -> RedisReply? {
        guard !isBroken else { throw RedisFailure("the connection was lost") }
        if let buffered = try bufferedReply() { return buffered }
        var descriptor = pollfd(fd: context.pointee.fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(seconds * 1000))
        if ready < 0 && errno != EINTR { throw broken() }
        guard ready > 0 else { return nil }
        guard redisBufferRead(context) == REDIS_OK else { throw broken() }
        return try bufferedReply()
    }

    /// A whole reply hiredis has already read, if any (a partial one waits
    /// for more bytes).
    private func bufferedReply() throws(RedisFailure) -> RedisReply? {
        var raw: UnsafeMutableRawPointer?
        guard redisGetReplyFromReader(context, &raw) == REDIS_OK else { throw broken() }
        guard let raw else { return nil }
        defer { freeReplyObject(raw) }
        return RedisReply(raw.assumingMemoryBound(to: redisReply.self))
    }

    private func broken() -> RedisFailure {
        isBroken = true
        return RedisFailure(Self.errorText(context))
    }

    private static func errorText(_ context: UnsafeMutablePointer<redisContext>) -> String {
        let text = withUnsafeBytes(of: context.pointee.errstr) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        if text.isEmpty { return "connection error \(context.pointee.err)" }
        // hiredis says "Resource temporarily unavailable" when a read times out.
        return text == "Resource temporarily unavailable" ? "Redis did not answer in time" : text
    }

    private static func timeval(_ seconds: Double) -> timeval {
        let whole = seconds.rounded(.down)
        return Glibc.timeval(tv_sec: Int(whole), tv_usec: Int((seconds - whole) * 1_000_000))
    }

    /// Calls `body` with C argument vectors holding copies of `arguments`
    /// (hiredis copies them again into its output buffer before returning).
    private static func withArgv(
        _ arguments: [[UInt8]], _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) -> Int32
    ) -> Int32 {
        let copies = arguments.map { argument -> UnsafeMutablePointer<CChar> in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: argument.count + 1)
            argument.withUnsafeBytes { bytes in
                UnsafeMutableRawPointer(copy).copyMemory(from: bytes.baseAddress ?? UnsafeRawPointer(copy), byteCount: bytes.count)
            }
            return copy
        }
        defer { for copy in copies { copy.deallocate() } }
        let argv = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(1, copies.count))
        defer { argv.deallocate() }
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: max(1, arguments.count))
        defer { lengths.deallocate() }
        for (index, copy) in copies.enumerated() {
            argv[index] = UnsafePointer(copy)
            lengths[index] = arguments[index].count
        }
        return body(Int32(arguments.count), argv, lengths)
    }
}

/// Redis could not be reached or did not answer: the store turns this into
/// ``Sessions/StoreError/unavailable(reason:)``.
struct RedisFailure: Error, Sendable {
    let reason: String

    init(_ reason: String) { self.reason = reason }
}
