import CMicroHTTPD

/// Reading request headers out of libmicrohttpd.
enum RequestHeaders {
    /// All request header fields in the order received. Copied eagerly because
    /// libmicrohttpd's strings live in the connection's memory pool, which is
    /// reused once the request ends, while an ``HTTPRequest`` may outlive it.
    static func collect(from connection: OpaquePointer) -> HTTPHeaders {
        var headers = HTTPHeaders()
        // Counting first (no iterator) is a cheap list walk and saves regrowing.
        let count = MHD_get_connection_values_n(connection, .HEADER_KIND, nil, nil)
        if count > 0 {
            headers.reserveCapacity(Int(count))
        }
        withUnsafeMutablePointer(to: &headers) { headers in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, appendHeaderField, headers)
        }
        return headers
    }

}

/// `MHD_KeyValueIteratorN` appending each field to the `HTTPHeaders` that
/// `cls` points to. Invalid UTF-8 is repaired, never trusted.
private func appendHeaderField(
    cls: UnsafeMutableRawPointer?,
    kind: MHD_ValueKind,
    key: UnsafePointer<CChar>?,
    keySize: Int,
    value: UnsafePointer<CChar>?,
    valueSize: Int
) -> MHD_Result {
    guard let cls, let key else { return .YES }
    let headers = cls.assumingMemoryBound(to: HTTPHeaders.self)
    let name = decodedString(key, count: keySize, knownFrom: CommonRequestText.headerNames)
    headers.pointee.add(name, value.map { decodedString($0, count: valueSize, knownFrom: CommonRequestText.headerValues) } ?? "")
    return .YES
}

private func decodedString(_ characters: UnsafePointer<CChar>, count: Int, knownFrom table: CommonRequestText.Table) -> String {
    characters.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
        CommonRequestText.string(UnsafeBufferPointer(start: bytes, count: count), knownFrom: table)
    }
}

extension HTTPHeaders {
    /// The `Content-Length` a request declares, saturating at `Int.max`;
    /// `nil` when absent or not a plain decimal number (libmicrohttpd
    /// rejects those itself).
    public var declaredContentLength: Int? {
        guard let value = self["Content-Length"], !value.isEmpty else { return nil }
        var length = 0
        for byte in value.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, overflowShift) = length.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdd) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if overflowShift || overflowAdd { return Int.max }
            length = sum
        }
        return length
    }
}
