import Platform
import Sessions

/// The subscriber side of ``RedisStore/changesChannel``: a connection of its
/// own, on a thread of its own, `SUBSCRIBE`d to the channel, handing each
/// `"<id> <version>"` message to a handler.
///
/// Best effort, as Redis pub/sub is: a message published while the
/// subscriber reconnects (after Redis went away) is not delivered. A
/// consumer uses a message as a hint to check the session's version, never
/// as the only way to learn of a change. An idle subscription keeps its
/// connection: the thread waits on the socket `pollSeconds` at a time, only
/// to notice ``stop()``.
final class RedisChangeFeed: Sendable {
    private let listener: ListenerThread

    init(url: RedisURL, channel: String, pollSeconds: Double = 1, handler: @escaping @Sendable (String, Int) -> Void) {
        listener = ListenerThread(pollSeconds: pollSeconds) { isStopped in
            let connection = try RedisConnection(url, connectTimeout: pollSeconds, commandTimeout: pollSeconds)
            _ = try connection.command([Array("SUBSCRIBE".utf8), Array(channel.utf8)])
            while !isStopped() {
                guard let reply = try connection.nextPushedReply(within: pollSeconds) else { continue }
                if let (id, version) = Self.change(in: reply) { handler(id, version) }
            }
        }
    }

    /// Ends the subscription within `pollSeconds`.
    func stop() {
        listener.stop()
    }

    /// The session and version of a `message` push; nil for anything else.
    static func change(in reply: RedisReply) -> (String, Int)? {
        let parts = reply.elements
        guard parts.count == 3, parts[0].text == "message", let text = parts[2].text else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count == 2, let version = Int(fields[1]) else { return nil }
        return (String(fields[0]), version)
    }
}
