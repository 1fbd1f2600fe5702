@testable import JSON

/// What `write` writes into a new ``JSONWriter``, as text.
func writtenText(_ write: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter()
    write(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
}
