import CMicroHTTPD
import Platform

// The C entry points libmicrohttpd calls on its worker threads. They are plain
// global functions (never closures or `main.swift` code, which Swift 6 would
// treat as main-actor isolated and trap on) that recover the Swift objects
// behind the `void *` arguments and forward to them.
//
// Ownership: `cls` is the server's `RequestDispatcher`, passed unretained
// because `HTTPServer` owns it and stops the daemon before releasing it. Each
// connection's `ConnectionContext` is retained when the connection starts and
// released when it closes; the per-request `con_cls` borrows that same pointer.

/// `MHD_NotifyConnectionCallback`: allocates and frees the per-connection
/// context, and on close lets the dispatcher keep the socket lingering.
func daemonConnectionNotify(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    code: MHD_ConnectionNotificationCode
) {
    guard let socketContext else { return }
    if code == .CONNECTION_NOTIFY_STARTED {
        let clientAddress = connection.map(ClientAddress.text(of:)) ?? ""
        socketContext.pointee = Unmanaged.passRetained(ConnectionContext(clientAddress: clientAddress)).toOpaque()
        return
    }
    guard let pointer = socketContext.pointee else { return }
    socketContext.pointee = nil
    let context = Unmanaged<ConnectionContext>.fromOpaque(pointer)
    if let cls {
        let dispatcher = dispatcher(cls)
        if let connection {
            dispatcher.connectionClosing(connection, context: context.takeUnretainedValue())
        }
        // Settles the in-flight count if the request's end went unreported.
        dispatcher.requestEnded(context: context.takeUnretainedValue())
    }
    context.release()
}

/// `MHD_OPTION_URI_LOG_CALLBACK`: the only place the request target is seen
/// raw, before libmicrohttpd splits off the query and percent-decodes the path
/// in place. Its return value becomes the request's `con_cls`.
func daemonURILog(
    cls: UnsafeMutableRawPointer?,
    uri: UnsafePointer<CChar>?,
    connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let connection, let pointer = CMicroHTTPD_socket_context(connection) else { return nil }
    let context = Unmanaged<ConnectionContext>.fromOpaque(pointer).takeUnretainedValue()
    if let cls, context.isCountedInFlight {
        // The previous request's end went unreported; keep the count exact.
        dispatcher(cls).requestEnded(context: context)
    }
    context.beginRequest(rawTarget: uri)
    if let uri { hideQueryFromLibrary(uri) }
    return pointer
}

/// Ends the target at its `?` for libmicrohttpd, which parses the query into
/// its per-connection memory pool right after this callback. HTTPCore never
/// reads those parsed arguments (the raw query was copied just before), and
/// a query of a thousand short parameters would exhaust the pool and stall
/// the connection without an answer. The buffer is libmicrohttpd's own
/// writable read buffer, which it already rewrites in place to split and
/// decode the target; only the byte after the `?` is changed.
private func hideQueryFromLibrary(_ uri: UnsafePointer<CChar>) {
    guard let questionMark = strchr(uri, Int32(UInt8(ascii: "?"))) else { return }
    let afterQuestionMark = UnsafeMutablePointer(mutating: questionMark) + 1
    afterQuestionMark.pointee = 0
}

/// `MHD_AccessHandlerCallback`, called several times per request.
func daemonAccessHandler(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?,
    version: UnsafePointer<CChar>?,
    uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>?,
    requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    // Every pointer is set by libmicrohttpd; a missing one means the URI
    // callback could not find the connection's context, so refuse the request.
    guard let cls, let connection, let method, let uploadDataSize,
        let pointer = requestContext?.pointee
    else { return .NO }
    let context = Unmanaged<ConnectionContext>.fromOpaque(pointer).takeUnretainedValue()
    return dispatcher(cls).access(
        connection: connection,
        context: context,
        method: method,
        version: version,
        uploadData: uploadData,
        uploadDataSize: uploadDataSize
    )
}

/// `MHD_RequestCompletedCallback`: the response was sent or the request failed.
func daemonRequestCompleted(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    code: MHD_RequestTerminationCode
) {
    guard let cls, let pointer = requestContext?.pointee else { return }
    requestContext?.pointee = nil
    let context = Unmanaged<ConnectionContext>.fromOpaque(pointer).takeUnretainedValue()
    if code == .REQUEST_TERMINATED_WITH_ERROR {
        dispatcher(cls).requestFailed(context: context)
    }
    dispatcher(cls).requestEnded(context: context)
}

private func dispatcher(_ cls: UnsafeMutableRawPointer) -> RequestDispatcher {
    Unmanaged<RequestDispatcher>.fromOpaque(cls).takeUnretainedValue()
}
