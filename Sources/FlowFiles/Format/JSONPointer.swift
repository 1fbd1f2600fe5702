/// A place in a flow file, as RFC 6901 writes it: `/coordinators/Notes/screens/editor`.
/// What every problem found at load names.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped.
    public let tokens: [String]

    /// The whole document: `""`.
    public static let root = JSONPointer(tokens: [])

    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// The member `name` of the value here.
    public func appending(_ name: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [name])
    }

    /// The element at `index` of the array here.
    public func appending(_ index: Int) -> JSONPointer {
        JSONPointer(tokens: tokens + [String(index)])
    }

    /// `/a/b~1c` for the tokens `a`, `b/c`: `~` is written `~0` and `/` is `~1`.
    public var description: String {
        tokens.map { "/" + $0.replacing("~", with: "~0").replacing("/", with: "~1") }.joined()
    }
}
