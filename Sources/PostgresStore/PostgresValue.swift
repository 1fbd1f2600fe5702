/// A parameter of a statement: text the server parses into the
/// parameter's type (a number, a session id), or bytes sent as they are
/// (a `bytea`).
enum PostgresValue {
    case text(String)
    case bytes([UInt8])

    /// An integer parameter.
    static func integer(_ value: some BinaryInteger) -> PostgresValue { .text(String(value)) }

    /// A `boolean` parameter.
    static func boolean(_ value: Bool) -> PostgresValue { .text(value ? "t" : "f") }

    /// What libpq sends: the text's UTF-8, or the bytes.
    var bytes: [UInt8] {
        switch self {
        case .text(let text): Array(text.utf8)
        case .bytes(let bytes): bytes
        }
    }
}
