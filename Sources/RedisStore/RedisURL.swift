/// Where a Redis server is: `redis://[user:password@]host:port[/db]`.
///
/// The password is a credential: ``description`` (what logs and `--help`
/// print) masks it, and nothing else in the server prints the URL.
public struct RedisURL: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    /// The ACL user (Redis 6+), or nil for the default user.
    public var user: String?
    /// The password, or nil when the server asks for none.
    public var password: String?
    /// The logical database `SELECT`ed on every connection.
    public var database: Int

    public init(host: String, port: Int = 6379, user: String? = nil, password: String? = nil, database: Int = 0) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
    }

    /// Parses `redis://[user:password@]host[:port][/db]`; nil for anything
    /// else (another scheme, an empty host, a port outside 1...65535, a
    /// database that is not a number). `redis://:password@host` has a
    /// password and no user.
    public init?(_ text: String) {
        guard text.hasPrefix("redis://") else { return nil }
        var rest = Substring(text.dropFirst("redis://".count))
        var credentials: Substring?
        if let at = rest.lastIndex(of: "@") {
            credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let text = rest[rest.index(after: slash)...]
            if !text.isEmpty {
                guard let number = Int(text), number >= 0 else { return nil }
                database = number
            }
            rest = rest[..<slash]
        }
        var port = 6379
        if let colon = rest.lastIndex(of: ":") {
            guard let number = Int(rest[rest.index(after: colon)...]), (1...65535).contains(number) else { return nil }
            port = number
            rest = rest[..<colon]
        }
        guard !rest.isEmpty else { return nil }
        var user: String?
        var password: String?
        if let credentials {
            if let colon = credentials.firstIndex(of: ":") {
                user = credentials[..<colon].isEmpty ? nil : String(credentials[..<colon])
                password = String(credentials[credentials.index(after: colon)...])
            } else {
                password = String(credentials)
            }
        }
        self.init(host: String(rest), port: port, user: user, password: password, database: database)
    }

    /// The URL with its password replaced by `***`: safe to log.
    public var description: String {
        var text = "redis://"
        if user != nil || password != nil {
            text += (user ?? "") + (password == nil ? "" : ":***") + "@"
        }
        return text + "\(host):\(port)/\(database)"
    }
}
