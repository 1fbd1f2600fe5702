import CMicroHTTPD
import Platform

extension HTTPResponse {
    /// Hands this response to libmicrohttpd for `connection`, with
    /// `X-Content-Type-Options: nosniff` (``noSniffName``). Must be called from the access handler.
    ///
    /// A ``body`` is copied (`.RESPMEM_MUST_COPY`): a Swift array's storage
    /// cannot be lent beyond a `withUnsafeBytes` scope, and for the small
    /// bodies this server sends a copy is cheaper than boxing the array. Bytes
    /// lent (``LendingBytes``) are not: their owner is held until
    /// libmicrohttpd frees the response.
    func queue(on connection: OpaquePointer, closingConnection: Bool, streams: OpenStreams) -> MHD_Result {
        let created: OpaquePointer?
        if let stream {
            created = streams.makeResponse(for: stream, on: connection)
        } else {
            created = bufferedResponse()
        }
        guard let response = created else { return .NO }
        defer { MHD_destroy_response(response) }

        headers.forEachField { name, value in
            if !FieldRecords.namesMatch(name, Self.noSniffName) { Self.addHeader(name, value, to: response) }
        }
        Self.addHeader(Self.noSniffName, Self.noSniffValue, to: response)
        if closingConnection {
            Self.addHeader("Connection", "close", to: response)
        }
        return MHD_queue_response(connection, Self.sendableStatus(status), response)
    }

    private func bufferedResponse() -> OpaquePointer? {
        switch content {
        case .bytes(let body):
            return body.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress, bytes.count > 0 else {
                    return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
                }
                return MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: base), .RESPMEM_MUST_COPY)
            }
        case .lent(let owner):
            let bytes = owner.lentBytes
            guard let base = bytes.baseAddress, bytes.count > 0 else {
                return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
            }
            let held = Unmanaged.passRetained(owner as AnyObject).toOpaque()
            let response = MHD_create_response_from_buffer_with_free_callback_cls(
                bytes.count, UnsafeMutableRawPointer(mutating: base), releaseLender, held)
            if response == nil { Unmanaged<AnyObject>.fromOpaque(held).release() }
            return response
        }
    }

    /// Sent with every answer, streams and errors included, in place of any
    /// the handler set: a browser must take the declared `Content-Type`
    /// rather than guess one (a problem's client text read as HTML).
    private static let noSniffName: StaticString = "X-Content-Type-Options"
    private static let noSniffValue: StaticString = "nosniff"

    /// libmicrohttpd refuses codes outside 100...999 by closing the connection;
    /// a 500 tells the client more.
    static func sendableStatus(_ status: Int) -> UInt32 {
        (100...999).contains(status) ? UInt32(status) : 500
    }

    /// Adds one header, NUL-terminated in place (``FieldRecords``), silently
    /// skipping any libmicrohttpd rejects (CR or LF, a malformed name) and
    /// any containing NUL, which C would truncate.
    private static func addHeader(
        _ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>, to response: OpaquePointer
    ) {
        let nameCount = name.count
        let valueCount = value.count
        guard let name = name.baseAddress, let value = value.baseAddress else { return }
        name.withMemoryRebound(to: CChar.self, capacity: 1) { name in
            value.withMemoryRebound(to: CChar.self, capacity: 1) { value in
                // A shorter C string means an embedded NUL.
                guard strlen(name) == nameCount, strlen(value) == valueCount else { return }
                _ = MHD_add_response_header(response, name, value)
            }
        }
    }

    /// A header spelled in the code, which holds no NUL.
    private static func addHeader(_ name: StaticString, _ value: StaticString, to response: OpaquePointer) {
        name.utf8Start.withMemoryRebound(to: CChar.self, capacity: name.utf8CodeUnitCount + 1) { name in
            value.utf8Start.withMemoryRebound(to: CChar.self, capacity: value.utf8CodeUnitCount + 1) { value in
                _ = MHD_add_response_header(response, name, value)
            }
        }
    }
}

/// libmicrohttpd's call when it frees a response whose bytes were lent
/// (``LendingBytes``): the owner held for it is let go.
private func releaseLender(_ owner: UnsafeMutableRawPointer?) {
    guard let owner else { return }
    Unmanaged<AnyObject>.fromOpaque(owner).release()
}
