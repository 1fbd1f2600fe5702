/// Turns the bytes of a `text/event-stream` into messages, as the HTML standard's
/// "interpret an event stream" says, whatever the chunks it arrives in.
///
/// Lines end with CRLF, LF or CR, also when a CRLF is split between two
/// chunks. `:` lines are comments; a blank line sends the message;
/// `id` carries over to later messages (``lastEventID``, what a reconnection
/// sends as `Last-Event-ID`); `retry` sets ``reconnectionDelay``. A line
/// longer than ``maximumLineBytes`` is an error: the bytes of a hostile or
/// broken server cannot grow without bound.
public struct ServerSentEventParser: Sendable {
    public let maximumLineBytes: Int
    /// The id of the last message, or of the last `id:` line before a blank one.
    public private(set) var lastEventID = ""
    /// Milliseconds, from the last `retry:` line.
    public private(set) var reconnectionDelay: Int?

    private var line: [UInt8] = []
    /// A CR ended the last line; an LF right after it belongs to the same line ending.
    private var afterCarriageReturn = false
    private var atStart = true
    private var eventType = ""
    private var data = ""
    private var hasData = false
    private var pendingID: String?

    public init(maximumLineBytes: Int = 16 << 20, lastEventID: String = "") {
        self.maximumLineBytes = maximumLineBytes
        self.lastEventID = lastEventID
    }

    /// A line longer than ``maximumLineBytes``.
    public struct LineTooLong: Error, Sendable, Equatable {
        public let limit: Int

        public init(limit: Int) {
            self.limit = limit
        }
    }

    /// Reads a chunk; returns the messages it completed.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(LineTooLong) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A:
                if let event = endLine() { events.append(event) }
            case 0x0D:
                afterCarriageReturn = true
                if let event = endLine() { events.append(event) }
            default:
                guard line.count < maximumLineBytes else { throw LineTooLong(limit: maximumLineBytes) }
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        var text = String(decoding: line, as: UTF8.self)
        line.removeAll(keepingCapacity: true)
        if atStart {
            atStart = false
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        }
        if text.isEmpty { return dispatch() }
        if text.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value.removeFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event": eventType = String(value)
        case "data":
            if hasData { data += "\n" }
            data += value
            hasData = true
        case "id": if !value.contains("\0") { pendingID = String(value) }
        case "retry": if !value.isEmpty, value.allSatisfy(\.isASCIIDigit), let delay = Int(value) { reconnectionDelay = delay }
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        if let pendingID { lastEventID = pendingID }
        pendingID = nil
        defer {
            eventType = ""
            data = ""
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(event: eventType.isEmpty ? "message" : eventType, data: data, lastEventID: lastEventID)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
