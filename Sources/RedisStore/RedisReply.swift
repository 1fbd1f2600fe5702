import CHiredis

/// A Redis reply copied out of hiredis's `redisReply`, so that it outlives
/// `freeReplyObject`.
enum RedisReply: Sendable, Equatable {
    case string([UInt8])
    case status(String)
    case integer(Int)
    case array([RedisReply])
    case null
    /// An error reply (`-ERR …`, `-NOSCRIPT …`): the command ran and
    /// failed; the connection is still good.
    case error(String)

    init(_ reply: UnsafePointer<redisReply>) {
        let value = reply.pointee
        switch value.type {
        case REDIS_REPLY_STRING:
            self = .string(Self.bytes(value))
        case REDIS_REPLY_STATUS:
            self = .status(String(decoding: Self.bytes(value), as: UTF8.self))
        case REDIS_REPLY_ERROR:
            self = .error(String(decoding: Self.bytes(value), as: UTF8.self))
        case REDIS_REPLY_INTEGER:
            self = .integer(Int(value.integer))
        case REDIS_REPLY_ARRAY:
            self = .array(
                (0..<value.elements).map { index in
                    guard let element = CHiredis_element(reply, index) else { return .null }
                    return RedisReply(element)
                })
        default:
            self = .null
        }
    }

    private static func bytes(_ value: redisReply) -> [UInt8] {
        guard let text = value.str, value.len > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: text, count: value.len))
    }

    /// A string or status reply as text; an integer as its digits.
    var text: String? {
        switch self {
        case .string(let bytes): String(decoding: bytes, as: UTF8.self)
        case .status(let text): text
        case .integer(let number): String(number)
        default: nil
        }
    }

    var integer: Int? {
        switch self {
        case .integer(let number): number
        case .string, .status: text.flatMap { Int($0) }
        default: nil
        }
    }

    var elements: [RedisReply] {
        if case .array(let elements) = self { return elements }
        return []
    }
}
