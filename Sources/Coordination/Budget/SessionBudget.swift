/// What a session counts against ``SessionLimits/maxSessionBytes``, and the
/// refusals when it would go past it.
///
/// A session holds what clients give it, and keeps it for its life: the
/// context it was created with, every accepted event (what it is rebuilt
/// from), and the params its screens show. The budget counts exactly that,
/// as JSON text without spaces:
///
/// - the validated context (defaults filled in), as a JSON object;
/// - per accepted event, the UTF-8 bytes of its screen id and event name plus
///   its payload as a JSON object (`{}`, 2 bytes, when empty), and of its
///   link for a link; `back` and `dismiss` count too;
/// - the params of every screen shown, each as a JSON object.
///
/// The context and the accepted events only grow; params may grow or shrink
/// with an event. So an event is checked twice (``admit(_:paramsBytes:limit:version:)``):
/// before it runs, with the context, the accepted events and itself (enough
/// to refuse most, with nothing to undo), and after, with the params it left
/// (a refusal then is undone by rebuilding the session, like any failed
/// event). Counting is cheap: the accepted events are a running sum,
/// payloads are measured with ``JSONValue/encodedByteCount`` (no
/// rendering), and params only for screens whose params changed, by
/// writing them once for the document that follows (``ParamsByteCount``).
///
/// Not counted: Swift's own overhead for each accepted event (bounded by
/// ``SessionLimits/maxEventsPerSession``) and for parsed values (an array of
/// one-digit numbers takes several times its text), the history (bounded by
/// ``SessionLimits/maxHistoryLength``), the cached session document (a
/// rendering of the counted params plus fixed names), screens a coordinator
/// keeps off the stack, and the ``SharedStore``'s typed values, which the
/// engine cannot measure.
struct SessionBudget {
    /// The validated context's part: fixed at creation.
    private let contextBytes: Int
    /// The accepted events' part: a running sum.
    private var acceptedEventBytes = 0

    /// The budget of a new session, or its refusal when `context` alone is
    /// past `limit`.
    init(context: JSONObject, limit: Int) throws(NavigationError) {
        contextBytes = context.encodedByteCount
        guard contextBytes <= limit else {
            throw NavigationError(
                .sessionTooLarge,
                "the context takes \(contextBytes) bytes, more than the session limit of \(limit) bytes",
                limitBytes: limit)
        }
    }

    /// The budget of a restored session: what was accepted once is not
    /// checked again.
    init(context: JSONObject, acceptedChanges: [RecordedChange]) {
        contextBytes = context.encodedByteCount
        acceptedEventBytes = acceptedChanges.reduce(0) { $0 + Self.bytes(of: $1) }
    }

    /// What `change` adds to the accepted changes' part.
    static func bytes(of change: RecordedChange) -> Int {
        switch change.kind {
        case .event(let event): bytes(of: event)
        case .outcome(let effect, let outcome): bytes(ofOutcome: outcome, effect: effect)
        }
    }

    /// What an effect's outcome adds: its effect id and the outcome as JSON.
    static func bytes(ofOutcome outcome: EffectOutcome, effect: String) -> Int {
        effect.utf8.count + outcome.json.encodedByteCount
    }

    /// What `event` adds to the accepted events' part when it is accepted.
    static func bytes(of event: ClientEvent) -> Int {
        event.screen.utf8.count + event.event.utf8.count + event.payload.encodedByteCount + (event.link?.utf8.count ?? 0)
    }

    /// The bytes held when the params of the screens shown take `paramsBytes`.
    func heldBytes(paramsBytes: Int) -> Int {
        contextBytes + acceptedEventBytes + paramsBytes
    }

    /// Refuses a new session whose first screens' params, with its context,
    /// take more than `limit`.
    func checkStart(paramsBytes: Int, limit: Int) throws(NavigationError) {
        let startBytes = contextBytes + paramsBytes
        guard startBytes <= limit else {
            throw NavigationError(
                .sessionTooLarge,
                "the new session would hold \(startBytes) bytes of context and screen params, more than the session limit of \(limit) bytes",
                limitBytes: limit)
        }
    }

    /// Checks `event` before it runs, the session at `version` with its
    /// screens' params taking `paramsBytes`; the ``Admission`` checks it
    /// again with the params it left.
    func admit(_ event: ClientEvent, paramsBytes: Int, limit: Int, version: Int) throws(NavigationError) -> Admission {
        let eventBytes = Self.bytes(of: event)
        let admission = Admission(
            eventBytes: eventBytes, fixedBytes: contextBytes + acceptedEventBytes + eventBytes,
            heldBytes: heldBytes(paramsBytes: paramsBytes), limit: limit, version: version)
        // The context and the accepted events only grow, so this part of the
        // new size is known before anything runs: most refusals need no undo.
        guard admission.fixedBytes <= limit else { throw admission.refusal }
        return admission
    }

    mutating func accept(eventBytes: Int) {
        acceptedEventBytes += eventBytes
    }

    mutating func remove(_ change: RecordedChange) {
        acceptedEventBytes -= Self.bytes(of: change)
    }

    /// An event that passed the check before it runs.
    struct Admission {
        /// What the event adds to the accepted events' part.
        let eventBytes: Int
        /// The context, the accepted events and this one.
        let fixedBytes: Int
        /// What the session held before the event, for a refusal.
        let heldBytes: Int
        let limit: Int
        let version: Int

        /// Refuses the event when the params it left take the session past its limit.
        func confirm(paramsBytes: Int) throws(NavigationError) {
            guard fixedBytes + paramsBytes <= limit else { throw refusal }
        }

        /// The session holds `heldBytes` and stays as it is.
        var refusal: NavigationError {
            NavigationError(
                .sessionTooLarge,
                "the event would take the session past its limit of \(limit) bytes (it holds \(heldBytes) bytes of context, accepted events and screen params); start a new session",
                currentVersion: version, limitBytes: limit, sessionBytes: heldBytes)
        }
    }
}
