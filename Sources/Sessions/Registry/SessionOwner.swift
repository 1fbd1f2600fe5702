import Coordination

/// Who a session belongs to, with `--auth jwt`: the verified token's issuer
/// (`iss`, absent when the token has none) and subject (`sub`). Journaled
/// with the session's `created` record, so it lasts across restarts and
/// holds on every instance.
///
/// Two owners are the same only when their bytes are (``IssuerAndSubject``):
/// Swift's `String` equality would make `é` and `e` + U+0301 one subject.
public struct SessionOwner: Sendable, Hashable, CustomStringConvertible {
    /// The issuer and subject, compared and hashed by their bytes.
    public let name: IssuerAndSubject

    public var issuer: String? { name.issuer }
    public var subject: String { name.subject }

    public init(issuer: String?, subject: String) {
        name = IssuerAndSubject(issuer: issuer, subject: subject)
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
