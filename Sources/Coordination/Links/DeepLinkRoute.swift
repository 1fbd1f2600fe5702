/// A flow's routes: the typed form of its links, the way an iOS app turns a
/// universal link into its own `Route` enum before any coordinator sees it.
///
/// ```swift
/// enum ExchangeRoute: DeepLinkRoute {
///     case rates
///     case calculator(code: String)
///
///     static let patterns = [
///         LinkPattern("/rates", description: "The list of rates."),
///         LinkPattern("/rates/{code}", description: "The calculator for one currency."),
///     ]
///
///     init(link: DeepLink) throws(LinkRejection) {
///         switch link.pattern {
///         case "/rates/{code}": self = .calculator(code: link["code"])
///         default: self = .rates
///         }
///     }
/// }
/// ```
/// Coordinators then `switch` over routes instead of matching strings.
public protocol DeepLinkRoute: Sendable {
    /// Every pattern the flow follows, in the order `GET /v1/flows` lists them.
    static var patterns: [LinkPattern] { get }

    /// The route of `link`, which one of ``patterns`` matched (see
    /// ``DeepLink/pattern``). Throw ``LinkRejection`` for values the flow
    /// does not know (`/rates/XXX`): the client gets a 422 and nothing changes.
    ///
    /// Must be a pure function of `link`: it runs again when a session is
    /// rebuilt from its journal.
    init(link: DeepLink) throws(LinkRejection)
}

/// Thrown by ``DeepLinkRoute/init(link:)`` to refuse a link whose pattern
/// matched but whose values the flow does not know. The client gets a 422
/// with `reason`.
public struct LinkRejection: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
