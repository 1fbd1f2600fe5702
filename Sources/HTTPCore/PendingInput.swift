import Platform

/// What a client sent on a connection that nobody has read yet, looked at
/// without consuming it: whether it is still there to read an answer.
enum PendingInput {
    /// Bytes wait unread (the rest of a body, a next request).
    case bytes
    /// Nothing unread at this instant; the client is still connected.
    case nothingYet
    /// The client closed its side, or the connection failed.
    case endOfStream

    /// Peeks at `socket` without blocking.
    static func on(_ socket: Int32) -> PendingInput {
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if count > 0 { return .bytes }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return .nothingYet }
        return .endOfStream  // end of stream, or the connection failed
    }
}
