import CMicroHTTPD
import Platform

extension RequestDispatcher {
    /// Called when libmicrohttpd is about to close `connection`: hands its
    /// socket to the ``LingeringCloser`` when the client may still be sending
    /// after an answer, so that closing does not reset the connection under
    /// the answer. Must run before ``requestEnded(context:)`` resets the phase.
    func connectionClosing(_ connection: OpaquePointer, context: ConnectionContext) {
        guard let lingeringCloser, context.closing != .immediately else { return }
        let socket = CMicroHTTPD_connection_fd(connection)
        guard socket >= 0 else { return }
        switch PendingInput.on(socket) {
        case .endOfStream:
            return  // the client has finished sending: closing resets nothing
        case .bytes:
            lingeringCloser.adopt(socket)
        case .nothingYet:
            // Nothing unread at this instant, but more may be on its way:
            // after our early 413 (the body may not have been sent yet), and
            // after libmicrohttpd refused a request whose headers it was
            // still reading or failed one with an error answer of its own.
            if context.closing == .lingering || context.isReadingHeaders {
                lingeringCloser.adopt(socket)
            }
        }
    }

    /// Marks a request that libmicrohttpd ended with an error (its own 400 or
    /// 413 for a malformed or oversized chunked body, or a failure) to linger.
    func requestFailed(context: ConnectionContext) {
        if context.closing == .lingeringIfNeeded {
            context.closing = .lingering
        }
    }
}

extension ConnectionContext {
    /// The request line arrived but the access handler never ran: the
    /// headers were still being read when libmicrohttpd gave up on them.
    fileprivate var isReadingHeaders: Bool {
        if case .awaitingHeaders = phase { return true }
        return false
    }
}
