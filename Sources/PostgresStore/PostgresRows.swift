import CPostgres

/// The rows of a result, copied out of libpq's `PGresult` so that they
/// outlive `PQclear`: each field's bytes, nil for SQL `NULL`.
///
/// A prepared statement's rows are in binary (``PostgresConnection/execute(_:_:)``):
/// an integer is its big-endian bytes, a `boolean` one byte, `bytea` and
/// `text` their bytes.
struct PostgresRows {
    private(set) var rows: [[[UInt8]?]] = []

    init() {}

    init(_ result: OpaquePointer) {
        let rowCount = PQntuples(result)
        let columnCount = PQnfields(result)
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var fields: [[UInt8]?] = []
            fields.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                if PQgetisnull(result, row, column) == 1 {
                    fields.append(nil)
                    continue
                }
                let length = Int(PQgetlength(result, row, column))
                let value = PQgetvalue(result, row, column)
                fields.append(value.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? [])
            }
            rows.append(fields)
        }
    }

    var count: Int { rows.count }
    var isEmpty: Bool { rows.isEmpty }

    /// The bytes of a field, nil for `NULL`.
    func bytes(_ row: Int, _ column: Int) -> [UInt8]? {
        rows[row][column]
    }

    /// A binary `smallint`, `integer` or `bigint` field; nil for `NULL` or
    /// another length.
    func integer(_ row: Int, _ column: Int) -> Int64? {
        guard let bytes = rows[row][column], [2, 4, 8].contains(bytes.count) else { return nil }
        var value: Int64 = bytes[0] >= 0x80 ? -1 : 0
        for byte in bytes { value = value << 8 | Int64(byte) }
        return value
    }

    /// A binary `boolean` field.
    func boolean(_ row: Int, _ column: Int) -> Bool? {
        guard let bytes = rows[row][column], bytes.count == 1 else { return nil }
        return bytes[0] != 0
    }

    /// A `text` field.
    func text(_ row: Int, _ column: Int) -> String? {
        rows[row][column].map { String(decoding: $0, as: UTF8.self) }
    }
}
