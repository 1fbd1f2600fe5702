import CHiredis
import TestSupport
import Testing

@testable import RedisStore

/// Replies as hiredis parses them from the bytes Redis sends, copied out
/// into ``RedisReply`` (which outlives hiredis's reply object).
@Suite("Redis replies", .timeLimit(.minutes(10)), .hangGuard)
struct RedisReplyTests {
    /// The one reply hiredis's reader makes of `wire`, as a ``RedisReply``.
    private static func reply(_ wire: String) throws -> RedisReply {
        try reply(Array(wire.utf8))
    }

    private static func reply(_ wire: [UInt8]) throws -> RedisReply {
        let reader = try #require(redisReaderCreate())
        defer { redisReaderFree(reader) }
        let fed = wire.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { redisReaderFeed(reader, $0.baseAddress, $0.count) }
        }
        try #require(fed == REDIS_OK)
        var raw: UnsafeMutableRawPointer?
        try #require(redisReaderGetReply(reader, &raw) == REDIS_OK)
        let parsed = try #require(raw, "hiredis found no whole reply in \(wire)")
        defer { freeReplyObject(parsed) }
        return RedisReply(UnsafePointer(parsed.assumingMemoryBound(to: redisReply.self)))
    }

    @Test func bulkStringsKeepEveryByte() throws {
        #expect(try Self.reply("$5\r\nhello\r\n") == .string(Array("hello".utf8)))
        #expect(try Self.reply("$0\r\n\r\n") == .string([]))
        // NUL, CR LF and bytes that are not UTF-8 inside the string: its length counts, not a terminator.
        let bytes: [UInt8] = [97, 0, 13, 10, 0xFF]
        #expect(try Self.reply(Array("$5\r\n".utf8) + bytes + [13, 10]) == .string(bytes))
    }

    @Test func statusErrorAndIntegerReplies() throws {
        #expect(try Self.reply("+OK\r\n") == .status("OK"))
        #expect(try Self.reply("-NOSCRIPT No matching script\r\n") == .error("NOSCRIPT No matching script"))
        #expect(try Self.reply(":-7\r\n") == .integer(-7))
        #expect(try Self.reply(":9223372036854775807\r\n") == .integer(Int.max))
    }

    @Test func nullBulkAndNullArrayAreNull() throws {
        #expect(try Self.reply("$-1\r\n") == .null)
        #expect(try Self.reply("*-1\r\n") == .null)
    }

    @Test func arraysNest() throws {
        let reply = try Self.reply("*4\r\n:1\r\n$1\r\na\r\n*2\r\n+x\r\n$-1\r\n*0\r\n")
        #expect(reply == .array([.integer(1), .string([97]), .array([.status("x"), .null]), .array([])]))
        #expect(reply.elements.count == 4)
        #expect(reply.elements[2].elements == [.status("x"), .null])
    }

    @Test func textIntegerAndElementsReadWhatTheyCan() {
        #expect(RedisReply.string(Array("42".utf8)).text == "42")
        #expect(RedisReply.string(Array("42".utf8)).integer == 42)
        #expect(RedisReply.string(Array("4x".utf8)).integer == nil)
        #expect(RedisReply.status("OK").text == "OK")
        #expect(RedisReply.status("12").integer == 12)
        #expect(RedisReply.integer(-3).text == "-3")
        #expect(RedisReply.integer(-3).integer == -3)
        for other in [RedisReply.error("ERR 1"), .null, .array([.integer(1)])] {
            #expect(other.text == nil)
            #expect(other.integer == nil)
        }
        #expect(RedisReply.error("ERR").elements == [])
        #expect(RedisReply.string([1]).elements == [])
    }
}
