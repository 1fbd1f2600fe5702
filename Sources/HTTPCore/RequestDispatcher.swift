import CMicroHTTPD
import Platform
import Synchronization

/// The server side of libmicrohttpd's callbacks: turns the access-handler
/// calls for one request into a single ``HTTPHandler`` call.
///
/// libmicrohttpd calls the access handler several times per request:
/// 1. once after the headers, with no upload data: we record the request,
///    check its head, ask the handler for an answer before the body, and
///    return `MHD_YES` — queueing a response here makes libmicrohttpd 0.9.75
///    drop keep-alive — unless the head is refused (a 400 for a malformed
///    head, the handler's early answer, a 413 for a declared body that is
///    too large), which is answered at once, before any of the body is read
///    and without `100 Continue`;
/// 2. once per received body chunk: appended, or dropped past the limit;
/// 3. once more with no upload data when the request is complete: the handler
///    runs and its response is queued;
/// 4. when that response is deferred (``DeferredResponse``), once more after
///    each resumption of the suspended connection: the answer is queued once
///    there is one (`RequestDispatcher+Deferred.swift`).
///
/// An early answer leaves the client sending; how its connection is then
/// closed, so that the client can read the answer, is in
/// `RequestDispatcher+Closing.swift`.
///
/// Shared by all worker threads; its own state is immutable or atomic.
final class RequestDispatcher: Sendable {
    let handler: any HTTPHandler
    /// The handler's ``HTTPHandler/bodyBytesReceivedBeforeAsking``, read once.
    let handlerReceivesBodyBytesBeforeAsking: Int?
    let maxBodyBytes: Int
    /// How far past `maxBodyBytes` an over-limit chunked body is read, and
    /// for how long, to answer 413 at its end.
    let lingeringDiscardBytes: Int
    let lingeringDuration: Duration
    /// Keeps reading connections closed after an early answer; `nil` when
    /// lingering is off (`lingeringSeconds` 0).
    let lingeringCloser: LingeringCloser?
    /// Requests whose headers arrived and whose response is not yet fully
    /// sent; graceful stop waits for this to reach zero.
    let inFlightRequests = Atomic<Int>(0)
    /// Set once stopping; responses then carry `Connection: close` so clients
    /// do not send more requests on connections about to be closed.
    let isDraining = Atomic<Bool>(false)
    /// Set once the drain is over, just before the daemon stops: a request
    /// that starts now is refused (the connection closes without an answer)
    /// rather than handled and then cut off mid-response by the stop.
    let isRefusingRequests = Atomic<Bool>(false)
    /// The streamed responses being sent; a stopping server ends them.
    let openStreams: OpenStreams
    /// The deferred responses waiting; a stopping server answers them.
    let openDeferreds = OpenDeferredResponses()

    init(handler: any HTTPHandler, configuration: HTTPServerConfiguration) {
        self.handler = handler
        self.handlerReceivesBodyBytesBeforeAsking = handler.bodyBytesReceivedBeforeAsking
        self.maxBodyBytes = configuration.maxBodyBytes
        self.lingeringDiscardBytes = configuration.lingeringDiscardBytes
        self.lingeringDuration = .seconds(configuration.lingeringSeconds)
        self.openStreams = OpenStreams(sendBufferBytes: configuration.streamSendBufferBytes)
        self.lingeringCloser =
            configuration.lingeringSeconds > 0
            ? LingeringCloser(
                discardBytes: configuration.lingeringDiscardBytes,
                seconds: configuration.lingeringSeconds,
                capacity: configuration.connectionLimit
            )
            : nil
    }

    /// One access-handler call; see the type's documentation for the sequence.
    func access(
        connection: OpaquePointer,
        context: ConnectionContext,
        method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?,
        uploadDataSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        let uploadedBytes = uploadDataSize.pointee
        switch context.phase {
        case .awaitingHeaders:
            return receiveHeaders(connection: connection, context: context, method: method, version: version)

        case .receivingBody where uploadedBytes > 0:
            uploadDataSize.pointee = 0
            guard context.body.count + uploadedBytes <= maxBodyBytes else {
                // Chunked bodies declare no length up front; stop buffering
                // the moment the limit is passed.
                let receivedBytes = context.body.count + uploadedBytes
                context.body = []
                return discardChunkedBody(
                    receivedBytes: receivedBytes, sinceNanoseconds: SystemClock.monotonicNanoseconds(), context: context)
            }
            if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadedBytes) { bytes in
                    context.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: uploadedBytes))
                }
            }
            return .YES

        case .receivingBody:
            context.phase = .answered
            let response: HTTPResponse
            if let answer = context.answerBeforeBody {
                context.answerBeforeBody = nil
                response = answer
            } else {
                response = handler.handle(context.takeRequest())
            }
            if let deferred = response.deferred {
                return answerLater(deferred, headers: response.headers, context: context, on: connection)
            }
            return queue(response, on: connection, closingConnection: false)

        case .awaitingDeferred:
            // Called again after `complete(with:)` resumed the connection.
            return continueDeferred(context: context, on: connection)

        case .discardingBody(let receivedBytes, let since) where uploadedBytes > 0:
            uploadDataSize.pointee = 0
            return discardChunkedBody(receivedBytes: receivedBytes + uploadedBytes, sinceNanoseconds: since, context: context)

        case .discardingBody:
            context.phase = .answered
            return queueBodyTooLarge(on: connection)

        case .answered:
            // Not called again once a response is queued; refuse rather than
            // queue a second response.
            return .NO
        }
    }

    /// Called when libmicrohttpd finished with a request (response sent, or
    /// the connection failed or was closed).
    func requestEnded(context: ConnectionContext) {
        if let deferred = context.deferred {
            context.deferred = nil
            openDeferreds.remove(deferred.response)
            deferred.response.connectionEnded()
        }
        if context.isCountedInFlight {
            context.isCountedInFlight = false
            inFlightRequests.subtract(1, ordering: .releasing)
        }
        context.phase = .answered
        // Free an abandoned body now rather than at the next request.
        context.body = []
        context.answerBeforeBody = nil
    }

    private func receiveHeaders(
        connection: OpaquePointer,
        context: ConnectionContext,
        method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>?
    ) -> MHD_Result {
        // Counted before the check, both sequentially consistent: a request
        // that saw "not refusing" is already counted when `HTTPServer.stop`
        // sets the flag and waits for the count to reach zero.
        inFlightRequests.add(1, ordering: .sequentiallyConsistent)
        if isRefusingRequests.load(ordering: .sequentiallyConsistent) {
            inFlightRequests.subtract(1, ordering: .sequentiallyConsistent)
            context.phase = .answered
            context.closing = .immediately
            return .NO
        }
        context.isCountedInFlight = true
        context.method = method.withMemoryRebound(to: UInt8.self, capacity: 1) { method in
            CommonRequestText.string(UnsafeBufferPointer(start: method, count: strlen(method)), knownFrom: CommonRequestText.methods)
        }
        let headBytes = CMicroHTTPD_request_header_size(connection)
        context.headers = RequestHeaders.collect(from: connection, headBytes: headBytes)

        if let violation = syntaxViolation(headBytes: headBytes, context: context, method: method, version: version) {
            return answerBeforeBody(handler.response(for: .malformedRequest(violation)), context: context, on: connection)
        }
        let declaredLength = context.headers.declaredContentLength
        if asksBeforeBody(context.headers, declaredLength: declaredLength),
            let answer = handler.response(beforeBodyOf: context.head)
        {
            guard Self.hasBody(context.headers, declaredLength: declaredLength) else {
                // Nothing to keep from being read: answered in place of the
                // handler, the connection stays alive.
                context.answerBeforeBody = answer
                context.phase = .receivingBody
                return .YES
            }
            return answerBeforeBody(answer, context: context, on: connection)
        }
        if let declaredLength, declaredLength > maxBodyBytes {
            // Answer before the body is read: a client that sent
            // `Expect: 100-continue` never uploads it, and one that waits for
            // an answer before sending gets it at once.
            return answerBeforeBody(handler.response(for: .bodyTooLarge(limit: maxBodyBytes)), context: context, on: connection)
        }
        if let declaredLength, declaredLength > 0 {
            context.body.reserveCapacity(declaredLength)
        }
        context.phase = .receivingBody
        return .YES
    }

    /// What is wrong with the request's head that libmicrohttpd let through.
    private func syntaxViolation(
        headBytes: Int,
        context: ConnectionContext,
        method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>?
    ) -> HTTPSyntaxViolation? {
        if context.targetHasInvalidCharacter { return .invalidCharacterInTarget }
        guard let version else { return .malformedLine }
        let layout = RequestHeadLayout.violation(
            method: method, size: headBytes, version: version,
            targetEndAddress: context.targetEndAddress)
        return layout ?? RequestHeaderRules.violation(in: context.headers, isHTTP11: !Self.isHTTP10(version))
    }

    /// Whether libmicrohttpd's version string is `HTTP/1.0`, compared in
    /// place by `strcmp` (~20 instructions; walking an enumerated `UTF8View`
    /// of the literal cost ~560 on every request).
    private static func isHTTP10(_ version: UnsafePointer<CChar>) -> Bool {
        strcmp(version, "HTTP/1.0") == 0
    }

    /// Whether the handler is asked for an answer from this head: always,
    /// unless it receives small bodies first
    /// (``HTTPHandler/bodyBytesReceivedBeforeAsking``) and this one is one.
    /// Skipping the question saves building the head for it (~450
    /// instructions a request).
    private func asksBeforeBody(_ headers: HTTPHeaders, declaredLength: Int?) -> Bool {
        guard let receivedFirst = handlerReceivesBodyBytesBeforeAsking else { return true }
        return (declaredLength ?? 0) > receivedFirst || headers.containsField(named: "Transfer-Encoding")
            || headers.containsField(named: "Expect")
    }

    /// Whether a body may follow the head, or the client waits to be told
    /// to send one (`Expect`): then an answer from the head must go out at once.
    private static func hasBody(_ headers: HTTPHeaders, declaredLength: Int?) -> Bool {
        (declaredLength ?? 0) > 0 || headers.containsField(named: "Transfer-Encoding") || headers.containsField(named: "Expect")
    }

    /// Answers from the head, on the first access-handler call: libmicrohttpd
    /// then sends no `100 Continue`, reads none of the body and closes the
    /// connection after the answer; lingering reads and drops what the client
    /// still sends, so that it reads this answer.
    private func answerBeforeBody(
        _ response: HTTPResponse, context: ConnectionContext, on connection: OpaquePointer
    ) -> MHD_Result {
        context.phase = .answered
        context.closing = .lingering
        return queue(response, on: connection, closingConnection: true)
    }

    /// A chunked body past the limit. libmicrohttpd 0.9.75 cannot answer while
    /// a chunked body is still arriving (a response queued mid-body makes it
    /// drop all further input and never answer), so the rest is read and
    /// dropped to answer 413 at its end — within the lingering bounds. Past
    /// them the connection is cut off unanswered.
    private func discardChunkedBody(
        receivedBytes: Int,
        sinceNanoseconds since: Int,
        context: ConnectionContext
    ) -> MHD_Result {
        guard receivedBytes - maxBodyBytes <= lingeringDiscardBytes,
            Duration.nanoseconds(SystemClock.monotonicNanoseconds() - since) < lingeringDuration
        else {
            context.phase = .answered
            context.closing = .immediately
            return .NO
        }
        context.phase = .discardingBody(receivedBytes: receivedBytes, sinceNanoseconds: since)
        return .YES
    }

    private func queueBodyTooLarge(on connection: OpaquePointer) -> MHD_Result {
        let response = handler.response(for: .bodyTooLarge(limit: maxBodyBytes))
        return queue(response, on: connection, closingConnection: true)
    }

    /// The one way a response reaches libmicrohttpd.
    func queue(_ response: HTTPResponse, on connection: OpaquePointer, closingConnection: Bool) -> MHD_Result {
        if let deferred = response.deferred {
            return queueInsteadOfWaiting(for: deferred, response, on: connection, closingConnection: closingConnection)
        }
        let closing = closingConnection || isDraining.load(ordering: .relaxed)
        let result = response.queue(on: connection, closingConnection: closing, streams: openStreams)
        // A stream opened while the server stops is ended at once; one
        // registered before `HTTPServer.stop` looked is ended by it.
        if let stream = response.stream, isDraining.load(ordering: .sequentiallyConsistent) {
            stream.stop()
        }
        return result
    }
}
