import CMicroHTTPD

/// Reading request headers out of libmicrohttpd.
enum RequestHeaders {
    /// All request header fields in the order received. Copied eagerly because
    /// libmicrohttpd's strings live in the connection's memory pool, which is
    /// reused once the request ends, while an ``HTTPRequest`` may outlive it.
    ///
    /// The records are written on the stack, then copied into one array of
    /// their exact size: the head's `headBytes` bound them, since every
    /// field took at least its name, its value and three bytes there.
    static func collect(from connection: OpaquePointer, headBytes: Int) -> HTTPHeaders {
        // Counting first (no iterator) is a cheap list walk.
        let count = Int(MHD_get_connection_values_n(connection, .HEADER_KIND, nil, nil))
        guard count > 0 else { return HTTPHeaders() }
        let capacity = headBytes + FieldRecords.overhead * count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var collected = CollectedFields(buffer: buffer)
            withUnsafeMutablePointer(to: &collected) { collected in
                _ = MHD_get_connection_values_n(connection, .HEADER_KIND, appendHeaderField, collected)
            }
            if let overflow = collected.overflow { return HTTPHeaders(records: overflow) }
            let bytes = [UInt8](UnsafeBufferPointer(rebasing: buffer[..<collected.used]))
            return HTTPHeaders(records: FieldRecords(bytes: bytes, count: collected.count))
        }
    }
}

/// The records written so far into a buffer on the stack; should a field
/// not fit (it cannot, by the bound above), every field is in `overflow`.
struct CollectedFields {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var used = 0
    var count = 0
    var overflow: FieldRecords?

    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func append(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        if overflow == nil, used + FieldRecords.overhead + name.count + value.count <= buffer.count {
            used += FieldRecords.write(name: name, value: value, to: buffer.baseAddress.unsafelyUnwrapped + used)
            count += 1
            return
        }
        if overflow == nil {
            overflow = FieldRecords(bytes: Array(buffer[..<used]), count: count)
        }
        overflow?.append(name: name, value: value)
    }
}

/// `MHD_KeyValueIteratorN` appending each field to the ``CollectedFields``
/// that `cls` points to. The bytes are kept as sent; a value read as text
/// has invalid UTF-8 repaired, never trusted.
private func appendHeaderField(
    cls: UnsafeMutableRawPointer?,
    kind: MHD_ValueKind,
    key: UnsafePointer<CChar>?,
    keySize: Int,
    value: UnsafePointer<CChar>?,
    valueSize: Int
) -> MHD_Result {
    guard let cls, let key else { return .YES }
    let collected = cls.assumingMemoryBound(to: CollectedFields.self)
    key.withMemoryRebound(to: UInt8.self, capacity: keySize) { name in
        let name = UnsafeBufferPointer(start: name, count: keySize)
        guard let value else { return collected.pointee.append(name: name, value: UnsafeBufferPointer(start: nil, count: 0)) }
        value.withMemoryRebound(to: UInt8.self, capacity: valueSize) { value in
            collected.pointee.append(name: name, value: UnsafeBufferPointer(start: value, count: valueSize))
        }
    }
    return .YES
}

extension HTTPHeaders {
    /// The `Content-Length` a request declares, saturating at `Int.max`;
    /// `nil` when absent or not a plain decimal number (libmicrohttpd
    /// rejects those itself).
    public var declaredContentLength: Int? {
        let name: StaticString = "Content-Length"
        return withFirstValue(named: name) { value -> Int? in
            guard !value.isEmpty else { return nil }
            var length = 0
            for byte in value {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (shifted, overflowShift) = length.multipliedReportingOverflow(by: 10)
                let (sum, overflowAdd) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                if overflowShift || overflowAdd { return Int.max }
                length = sum
            }
            return length
        } ?? nil
    }
}
