/// Decoding of `Transfer-Encoding: chunked` bodies as tests receive them.
///
/// Works on bytes, not on `String`: Swift treats "\r\n" as one `Character`,
/// so character-counting code (`dropFirst(2)` after a chunk) silently eats
/// the next chunk's size and cuts the body short after its first chunk.
enum ChunkedBody {
    /// The data of a chunked body; `nil` unless it is well-formed and ends
    /// with the last (empty) chunk, so a body cut short cannot pass for a
    /// shorter one.
    static func data(_ body: [UInt8]) -> String? {
        var data: [UInt8] = []
        var position = 0
        while let lineEnd = crlf(in: body, from: position) {
            let sizeText = String(decoding: body[position..<lineEnd], as: UTF8.self)
            guard let size = Int(sizeText, radix: 16), size >= 0 else { return nil }
            let start = lineEnd + 2
            guard start + size + 2 <= body.count, body[start + size] == 13, body[start + size + 1] == 10 else { return nil }
            if size == 0 { return String(decoding: data, as: UTF8.self) }
            data += body[start..<(start + size)]
            position = start + size + 2
        }
        return nil
    }

    private static func crlf(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 13, bytes[index + 1] == 10 { return index }
            index += 1
        }
        return nil
    }
}
