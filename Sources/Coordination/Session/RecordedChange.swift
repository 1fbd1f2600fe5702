/// One accepted change of a session after its creation, as its journal
/// keeps it: a client's event (a deep link's opening among them), or the
/// outcome of an effect. A session is its flow, its context and these, in
/// order; replaying them rebuilds it.
public struct RecordedChange: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A client's event, with its secret fields' values replaced by
        /// ``SecretField/placeholder``.
        case event(ClientEvent)
        /// What effect `effect` (`e1`) came back with.
        case outcome(effect: String, EffectOutcome)
    }

    public let kind: Kind
    /// When it was accepted, in milliseconds since 1970: what
    /// ``CoordinatorEnvironment/now`` reads while it is applied.
    public let time: Int64
    /// The patches it took the new branch of (``CoordinatorEnvironment/patched(_:)``),
    /// marked when it was applied live: the only ones true when it is replayed.
    public var patches: [String] { markers ?? [] }
    /// ``patches``, nil when there are none (most changes): passed along
    /// without touching an array.
    package let markers: [String]?

    public init(_ kind: Kind, time: Int64) {
        self.kind = kind
        self.time = time
        self.markers = nil
    }

    public init(_ kind: Kind, time: Int64, patches: [String]) {
        self.init(kind, time: time, markers: patches.isEmpty ? nil : patches)
    }

    package init(_ kind: Kind, time: Int64, markers: [String]?) {
        self.kind = kind
        self.time = time
        self.markers = markers
    }

    /// An accepted client event.
    public static func event(_ event: ClientEvent, at time: Int64 = 0, patches: [String] = []) -> RecordedChange {
        RecordedChange(.event(event), time: time, patches: patches)
    }

    /// An effect's outcome.
    public static func outcome(
        _ outcome: EffectOutcome, of effect: String, at time: Int64 = 0, patches: [String] = []
    ) -> RecordedChange {
        RecordedChange(.outcome(effect: effect, outcome), time: time, patches: patches)
    }

    /// The client event, for an ``Kind/event(_:)``.
    public var event: ClientEvent? {
        if case .event(let event) = kind { return event }
        return nil
    }

    /// How an error names it as change number `number` of a replay:
    /// `accepted event 3 ('select' on s1)`, or `accepted change 4 (the
    /// outcome of effect e1)`.
    func named(_ number: Int) -> String {
        switch kind {
        case .event(let event): "accepted event \(number) ('\(event.event)' on \(event.screen))"
        case .outcome(let effect, _): "accepted change \(number) (the outcome of effect \(effect))"
        }
    }

    /// Something a person reads in an error: the event and its screen, or the effect.
    var summary: String {
        switch kind {
        case .event(let event): event.link.map { "link '\($0)'" } ?? "event '\(event.event)' on \(event.screen)"
        case .outcome(let effect, _): "the outcome of effect \(effect)"
        }
    }
}
