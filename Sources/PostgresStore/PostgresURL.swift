import CPostgres

/// Where a PostgreSQL database is: libpq's own connection URI,
/// `postgres://` or `postgresql://`, passed to libpq as it was given.
///
/// So everything libpq reads from a URI works as every Postgres user
/// expects: several hosts (`postgresql://a:5432,b:5432/db?target_session_attrs=read-write`
/// follows a failover), TLS (`sslmode`), a password file (`passfile`, or
/// `PGPASSFILE` and the environment's other `PG…` variables for what the
/// URI leaves out).
///
/// The password is a credential: ``description`` (what logs and `--help`
/// print) leaves it out, and no error of the store quotes the URI.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    /// The URI as given: only libpq reads it.
    let text: String
    /// What ``description`` shows: every setting of the URI but the password.
    private let settings: [(key: String, value: String)]

    /// Parses a `postgres://` or `postgresql://` URI with libpq's own
    /// parser; nil for another scheme or a URI libpq refuses.
    public init?(_ text: String) {
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else { return nil }
        var errorText: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(text, &errorText) else {
            // The message may quote the URI: it is never shown.
            if let errorText { PQfreemem(errorText) }
            return nil
        }
        defer { PQconninfoFree(options) }
        var settings: [(key: String, value: String)] = []
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                settings.append((String(cString: keyword), String(cString: value)))
            }
            option += 1
        }
        self.text = text
        self.settings = settings
    }

    public static func == (left: PostgresURL, right: PostgresURL) -> Bool {
        left.text == right.text
    }

    /// A setting of the URI (`host`, `port`, `dbname`, `user`, …), or nil
    /// when it names none; never the password.
    public func setting(_ key: String) -> String? {
        Self.secrets.contains(key) ? nil : settings.first { $0.key == key }?.value
    }

    /// Whether the URI holds a password.
    public var hasPassword: Bool { settings.contains { $0.key == "password" } }

    /// The settings that are credentials: the password, and the passphrase
    /// of a TLS client key.
    static let secrets: Set<String> = ["password", "sslpassword"]

    /// `postgresql://[user[:***]@]hosts[:ports]/[dbname]` and the URI's
    /// other settings as a query, the password masked: safe to log.
    public var description: String {
        let user = setting("user")
        var text = "postgresql://"
        if user != nil || hasPassword {
            text += (user ?? "") + (hasPassword ? ":***" : "") + "@"
        }
        let hosts = (setting("host") ?? "").split(separator: ",", omittingEmptySubsequences: false)
        let ports = (setting("port") ?? "").split(separator: ",", omittingEmptySubsequences: false)
        text += hosts.enumerated().map { index, host in
            let port = ports.count == 1 ? ports[0] : (index < ports.count ? ports[index] : "")
            return host + (port.isEmpty ? "" : ":\(port)")
        }.joined(separator: ",")
        text += "/" + (setting("dbname") ?? "")
        let shown: Set<String> = ["user", "host", "port", "dbname"]
        let rest = settings.filter { !shown.contains($0.key) && !Self.secrets.contains($0.key) }.map { "\($0.key)=\($0.value)" }
        return rest.isEmpty ? text : text + "?" + rest.joined(separator: "&")
    }
}
