import CMicroHTTPD

/// A libmicrohttpd release number such as `0.9.75`, compared part by part as
/// numbers (so `0.9.100` is newer than `0.9.75`).
///
/// The server checks the library it runs on, not the headers it was built
/// against: a binary built on one machine may load an older shared library on
/// another.
public struct MicroHTTPDVersion: Comparable, Sendable, CustomStringConvertible {
    /// The oldest release the HTTP layer supports. Its workarounds (see
    /// ``HTTPServer/stop(deadline:)``, which avoids `MHD_quiesce_daemon`) were
    /// written for, and tested against, 0.9.75, Debian 12's release.
    public static let minimumSupported = MicroHTTPDVersion(parts: [0, 9, 75])

    /// The numbers between the dots, most significant first.
    public let parts: [Int]

    /// At most this many dot-separated numbers; libmicrohttpd uses three.
    private static let maxParts = 4

    init(parts: [Int]) {
        self.parts = parts
    }

    /// Parses dot-separated decimal numbers (`"0.9.75"`, `"1.0.0"`); `nil`
    /// for anything else, including empty parts, signs, suffixes such as
    /// `-rc1`, and numbers too large for `Int`.
    public init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...Self.maxParts).contains(pieces.count) else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let number = Int(piece)
            else { return nil }
            parts.append(number)
        }
        self.parts = parts
    }

    /// What `MHD_get_version()` of the loaded library says, unparsed.
    public static var runningText: String {
        guard let text = MHD_get_version() else { return "" }
        return String(cString: text)
    }

    /// Missing trailing parts count as 0, so `0.9` equals `0.9.0`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = lhs.part(index)
            let right = rhs.part(index)
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    public var description: String {
        parts.map(String.init).joined(separator: ".")
    }

    private func part(_ index: Int) -> Int {
        index < parts.count ? parts[index] : 0
    }

    /// Throws ``HTTPServerError/unsupportedLibraryVersion(found:required:)``
    /// unless `text` names ``minimumSupported`` or a newer release; an
    /// unreadable version is refused too, since nothing is known about it.
    static func requireSupported(_ text: String) throws(HTTPServerError) {
        guard let version = MicroHTTPDVersion(text), version >= minimumSupported else {
            throw .unsupportedLibraryVersion(found: text, required: minimumSupported.description)
        }
    }
}
