import Platform

/// The state of one client connection and the request it is receiving.
///
/// libmicrohttpd gives each connection to exactly one worker thread for its
/// whole life, and calls every callback for that connection on that thread, so
/// this class needs neither a lock nor `Sendable`. One instance lives as long as
/// the connection (retained in the connection-started notification, released
/// in connection-closed), so keep-alive requests reuse it instead of allocating
/// per request, and a request that dies before reaching the handler leaks
/// nothing.
///
/// For the same reason its request fields skip Swift's dynamic exclusivity
/// check (`@exclusivity(unchecked)`): only that thread touches them, one
/// libmicrohttpd callback at a time, and no access to one overlaps another
/// (no field is passed `inout` while another access to it is open). Their
/// ~13 checks per request cost ~850 instructions of a GET (bench/README.md).
final class ConnectionContext {
    enum Phase {
        /// The request line arrived; headers are not yet processed.
        case awaitingHeaders
        /// Headers processed; collecting body bytes until the final call.
        case receivingBody
        /// A chunked body passed the limit; dropping bytes until the final
        /// call, then answering 413. `receivedBytes` counts the whole body so
        /// far, `sinceNanoseconds` is when it passed the limit, on
        /// ``SystemClock/monotonicNanoseconds()``: a payload of plain
        /// integers, where `ContinuousClock.Instant` (a type of another
        /// module, its layout unknown here) made every assignment of a phase
        /// go through the runtime's generic enum witnesses (~280
        /// instructions per request).
        case discardingBody(receivedBytes: Int, sinceNanoseconds: Int)
        /// The handler answered with a ``DeferredResponse`` (``deferred``):
        /// the connection is suspended until it is completed.
        case awaitingDeferred
        /// A response was queued; nothing more to do for this request.
        case answered
    }

    /// The peer's IP address, read when the connection opened.
    let clientAddress: String

    /// How the connection is closed once libmicrohttpd is done with it; see
    /// ``RequestDispatcher/connectionClosing(_:context:)``.
    enum Closing {
        /// Lingers when the client still has something to send: request
        /// bytes wait unread, or libmicrohttpd refused a request it was
        /// still reading (its own 400/414/431, which reach no handler).
        case lingeringIfNeeded
        /// An answer went out before the request's body: lingers even when
        /// none of the body has arrived yet.
        case lingering
        /// Cut off on purpose, without an answer: closes at once.
        case immediately
    }

    @exclusivity(unchecked) var phase: Phase = .answered
    @exclusivity(unchecked) var method = ""
    @exclusivity(unchecked) var path = ""
    @exclusivity(unchecked) var query = ""
    @exclusivity(unchecked) var headers = HTTPHeaders()
    @exclusivity(unchecked) var body: [UInt8] = []
    /// The address just past the raw target (up to its first NUL) in
    /// libmicrohttpd's read buffer, for ``RequestHeadLayout``: compared, never read.
    @exclusivity(unchecked) var targetEndAddress = 0
    /// Whether the raw target holds a space, a control character or DEL.
    @exclusivity(unchecked) var targetHasInvalidCharacter = false
    /// The handler's answer from the head of a request without a body,
    /// sent in place of ``HTTPHandler/handle(_:)``'s once the (empty) body
    /// is complete, which keeps the connection alive.
    @exclusivity(unchecked) var answerBeforeBody: HTTPResponse?
    /// What a request in ``Phase/awaitingDeferred`` waits for, and the
    /// headers added to its answer. Kept out of ``Phase`` so that the phase
    /// stays a plain value, copied at no cost on every access-handler call.
    @exclusivity(unchecked) var deferred: (response: DeferredResponse, headers: HTTPHeaders)?
    /// Whether this request was added to the server's in-flight count and so
    /// must be subtracted exactly once when it ends.
    @exclusivity(unchecked) var isCountedInFlight = false
    /// Set for the request being received; read when the connection closes.
    @exclusivity(unchecked) var closing = Closing.lingeringIfNeeded

    init(clientAddress: String = "") {
        self.clientAddress = clientAddress
    }

    /// Starts a new request from the raw request target (`/path?query`) exactly
    /// as the client sent it, before libmicrohttpd decodes it in place.
    func beginRequest(rawTarget: UnsafePointer<CChar>?) {
        phase = .awaitingHeaders
        closing = .lingeringIfNeeded
        method = ""
        headers = HTTPHeaders()
        body = []
        answerBeforeBody = nil
        guard let rawTarget else {
            path = ""
            query = ""
            targetEndAddress = 0
            targetHasInvalidCharacter = false
            return
        }
        let length = strlen(rawTarget)
        targetEndAddress = Int(bitPattern: rawTarget + length)
        rawTarget.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            let target = UnsafeBufferPointer(start: start, count: length)
            targetHasInvalidCharacter = RequestHeadLayout.ByteClass.hasInvalidByteInTarget(target)
            if let mark = memchr(start, Int32(UInt8(ascii: "?")), length) {
                let questionMark = UnsafeRawPointer(mark) - UnsafeRawPointer(start)
                path = String(decoding: target[..<questionMark], as: UTF8.self)
                query = String(decoding: target[(questionMark + 1)...], as: UTF8.self)
            } else {
                path = String(decoding: target, as: UTF8.self)
                query = ""
            }
        }
    }

    /// The request received so far, without its body.
    var head: HTTPRequestHead {
        HTTPRequestHead(method: method, path: path, query: query, headers: headers, clientAddress: clientAddress)
    }

    /// Hands the collected request over, leaving this context empty so the
    /// request's storage is uniquely owned by the handler (no copy on write).
    func takeRequest() -> HTTPRequest {
        // Each field swapped with an empty one: its value moves out, where a
        // copy and a reset retained and released each.
        var request = HTTPRequest(method: "", path: "", clientAddress: clientAddress)
        swap(&request.method, &method)
        swap(&request.path, &path)
        swap(&request.query, &query)
        swap(&request.headers, &headers)
        swap(&request.body, &body)
        return request
    }
}
