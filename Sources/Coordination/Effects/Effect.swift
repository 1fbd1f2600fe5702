/// What a coordinator asks of the outside world: a named request
/// (`auth.login`, `payments.charge`) and its input.
///
/// A coordinator never performs I/O itself. It asks for an effect with
/// ``Coordinator/perform(_:then:)``; the server performs it outside the
/// session, records what came back, and delivers that outcome to the
/// handler as one change of the session, like an event. Replaying the
/// session feeds the recorded outcome and performs nothing.
public struct Effect: Sendable, Equatable {
    /// Which performer runs it: a backend configured under this name
    /// (`--backend auth.login=https://…`) or an in-process performer.
    public let name: String
    /// What the performer gets; for an HTTP backend, the JSON body it is POSTed.
    public let input: JSONValue

    public init(_ name: String, input: JSONValue = .object(JSONObject())) {
        self.name = name
        self.input = input
    }
}
