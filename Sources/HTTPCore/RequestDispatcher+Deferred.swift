import CMicroHTTPD

// Out of line (`@inline(never)`): `access`, on every request's path, stays
// small enough to be inlined into the C entry point.
extension RequestDispatcher {
    /// The handler answered with `deferred`: sends its answer if it has one
    /// already (completed before the handler returned, or the server is
    /// stopping), else suspends the connection until it has one.
    ///
    /// The answer goes out from the access handler's final call, after the
    /// whole request was read, as an immediate answer does: libmicrohttpd
    /// 0.9.75 keeps the connection alive only for a response queued then.
    @inline(never)
    func answerLater(
        _ deferred: DeferredResponse, headers: HTTPHeaders, context: ConnectionContext, on connection: OpaquePointer
    ) -> MHD_Result {
        guard deferred.attach() else {
            // Already the answer to another request, which alone gets it.
            context.phase = .answered
            return queue(HTTPResponse(status: 500), on: connection, closingConnection: false)
        }
        if !openDeferreds.insert(deferred) {
            deferred.complete(with: deferred.serverStopResponse)
        }
        context.phase = .awaitingDeferred
        context.deferred = (deferred, headers)
        return continueDeferred(context: context, on: connection)
    }

    /// Sends the answer of the request's deferred response with its
    /// headers added, closes the connection when its client is gone, or
    /// leaves it suspended.
    @inline(never)
    func continueDeferred(context: ConnectionContext, on connection: OpaquePointer) -> MHD_Result {
        guard let (deferred, headers) = context.deferred else {
            context.phase = .answered
            return .NO
        }
        let step = deferred.nextStep(suspending: connection)
        if case .wait = step { return .YES }
        openDeferreds.remove(deferred)
        context.phase = .answered
        context.deferred = nil
        guard case .send(var response) = step else {
            context.closing = .immediately
            return .NO
        }
        for field in headers {
            response.headers.remove(field.name)
        }
        for field in headers {
            response.headers.add(field.name, field.value)
        }
        return queue(response, on: connection, closingConnection: false)
    }

    /// A deferred answer where the server cannot wait (an early answer to a
    /// request with a body, a rejection): sent as it is, which `deferred`
    /// reports as its outcome.
    @inline(never)
    func queueInsteadOfWaiting(
        for deferred: DeferredResponse, _ response: HTTPResponse, on connection: OpaquePointer, closingConnection: Bool
    ) -> MHD_Result {
        var sent = response
        sent.deferred = nil
        deferred.complete(with: sent)
        return queue(sent, on: connection, closingConnection: closingConnection)
    }
}
