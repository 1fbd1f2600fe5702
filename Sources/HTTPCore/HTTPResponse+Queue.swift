import CMicroHTTPD
import Platform

extension HTTPResponse {
    /// Hands this response to libmicrohttpd for `connection`, with
    /// ``noSniff``. Must be called from the access handler.
    ///
    /// The body is copied (`.RESPMEM_MUST_COPY`): a Swift array's storage
    /// cannot be lent beyond a `withUnsafeBytes` scope, and for the small
    /// bodies this server sends a copy is cheaper than boxing the array.
    func queue(on connection: OpaquePointer, closingConnection: Bool, streams: OpenStreams) -> MHD_Result {
        let created: OpaquePointer?
        if let stream {
            created = streams.makeResponse(for: stream, on: connection)
        } else {
            created = bufferedResponse()
        }
        guard let response = created else { return .NO }
        defer { MHD_destroy_response(response) }

        for field in headers where !HTTPHeaders.namesMatch(field.name, Self.noSniff.name) {
            addHeader(field.name, field.value, to: response)
        }
        addHeader(Self.noSniff.name, Self.noSniff.value, to: response)
        if closingConnection {
            addHeader("Connection", "close", to: response)
        }
        return MHD_queue_response(connection, Self.sendableStatus(status), response)
    }

    private func bufferedResponse() -> OpaquePointer? {
        body.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else {
                return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
            }
            return MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: base), .RESPMEM_MUST_COPY)
        }
    }

    /// Sent with every answer, streams and errors included, in place of any
    /// the handler set: a browser must take the declared `Content-Type`
    /// rather than guess one (a problem's client text read as HTML).
    static let noSniff = (name: "X-Content-Type-Options", value: "nosniff")

    /// libmicrohttpd refuses codes outside 100...999 by closing the connection;
    /// a 500 tells the client more.
    static func sendableStatus(_ status: Int) -> UInt32 {
        (100...999).contains(status) ? UInt32(status) : 500
    }

    /// Adds one header, silently skipping any libmicrohttpd rejects (CR or LF,
    /// a malformed name) and any containing NUL, which C would truncate.
    private func addHeader(_ name: String, _ value: String, to response: OpaquePointer) {
        let nameLength = name.utf8.count
        let valueLength = value.utf8.count
        name.withCString { name in
            value.withCString { value in
                // A shorter C string means an embedded NUL.
                guard strlen(name) == nameLength, strlen(value) == valueLength else { return }
                _ = MHD_add_response_header(response, name, value)
            }
        }
    }
}
