/// Who a session belongs to, with `--auth jwt`: the verified token's issuer
/// (`iss`, absent when the token has none) and subject (`sub`). Journaled
/// with the session's `created` record, so it lasts across restarts and
/// holds on every instance.
///
/// Two owners are the same only when their bytes are: Swift's `String`
/// equality would make `é` and `e` + U+0301 one subject.
public struct SessionOwner: Sendable, Hashable, CustomStringConvertible {
    public let issuer: String?
    public let subject: String

    public init(issuer: String?, subject: String) {
        self.issuer = issuer
        self.subject = subject
    }

    public static func == (lhs: SessionOwner, rhs: SessionOwner) -> Bool {
        guard lhs.subject.utf8.elementsEqual(rhs.subject.utf8) else { return false }
        switch (lhs.issuer, rhs.issuer) {
        case (nil, nil): return true
        case (let left?, let right?): return left.utf8.elementsEqual(right.utf8)
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(Array(subject.utf8))
        hasher.combine(issuer.map { Array($0.utf8) })
    }

    public var description: String { (issuer.map { $0 + " " } ?? "") + subject }
}

/// Who asks for a use case of the registry.
public enum Caller: Sendable, Equatable {
    /// Any session: a server without token auth, or a service holding the
    /// API key.
    case unrestricted
    /// The holder of a verified token: only the sessions it created; any
    /// other does not exist for it.
    case owner(SessionOwner)

    /// Whether this caller may see a session owned by `owner`.
    func mayUse(sessionOwnedBy owner: SessionOwner?) -> Bool {
        switch self {
        case .unrestricted: true
        case .owner(let caller): owner == caller
        }
    }

    /// The owner a session this caller creates gets.
    var createdSessionOwner: SessionOwner? {
        switch self {
        case .unrestricted: nil
        case .owner(let owner): owner
        }
    }
}
