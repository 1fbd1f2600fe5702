/// What the outside world answered to an ``Effect``.
public enum EffectOutcome: Sendable, Equatable {
    /// The performer's answer (for an HTTP backend, a 2xx's JSON body).
    case success(JSONValue)
    /// No answer to act on: see ``EffectFailure/Kind``.
    case failure(EffectFailure)
}

/// Why an ``Effect`` has no answer to act on, with a message fit to show a person.
public struct EffectFailure: Error, Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The backend said no (an HTTP 4xx): wrong password, card declined.
        case rejected
        /// The backend could not be reached, or failed (connection refused,
        /// 5xx, 429), after the retries.
        case unavailable
        /// No answer within the effect's time limit.
        case timedOut
        /// The server stopped while the effect was under way, and its input
        /// cannot be sent again (it held a secret field).
        case interrupted
    }

    public let kind: Kind
    /// The performer's own words (a backend's problem `detail`: "Your card
    /// was declined."), when it gave some.
    public let reason: String?
    /// For ``Kind/rejected`` by an HTTP backend: its status (401, 402, …).
    public let status: Int?

    /// - Parameter reason: the performer's own words, if any; ``message``
    ///   falls back to a plain sentence for `kind`.
    public init(_ kind: Kind, reason: String? = nil, status: Int? = nil) {
        self.kind = kind
        self.reason = reason.flatMap { $0.isEmpty ? nil : $0 }
        self.status = status
    }

    /// A sentence fit to show a person: ``reason``, else a plain one for ``kind``.
    public var message: String { reason ?? Self.defaultMessage(for: kind) }

    /// What a person is told when the performer gave no reason.
    public static func defaultMessage(for kind: Kind) -> String {
        switch kind {
        case .rejected: "The request was refused."
        case .unavailable: "The service is unavailable right now. Try again in a moment."
        case .timedOut: "The service did not answer in time. Try again in a moment."
        case .interrupted: "The request was interrupted. Try again."
        }
    }
}
