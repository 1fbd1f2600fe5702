/// What a session counts against ``SessionLimits/maxSessionBytes``, and the
/// refusals when it would go past it.
///
/// A session holds what clients give it, and keeps it for its life: the
/// context it was created with, every accepted event (the journal it is
/// rebuilt from), and the params its screens show. The budget counts exactly
/// that, as JSON text without spaces:
///
/// - the validated context (defaults filled in), as a JSON object;
/// - per accepted event, the UTF-8 bytes of its screen id and event name plus
///   its payload as a JSON object (`{}`, 2 bytes, when empty); `back` and
///   `dismiss` count too;
/// - the params of every screen on the stack, each as a JSON object.
///
/// The context and the journal only grow; params may grow or shrink with an
/// event. So an event is checked twice: before it runs, with the context,
/// the journal and itself (enough to refuse most, with nothing to undo), and
/// after, with the params it left (a refusal then is undone by rebuilding
/// the session, like any failed event). Counting is cheap: the journal is a
/// running sum, payloads and params are measured with
/// ``JSONValue/encodedByteCount`` (no rendering), and params only for screens
/// whose params changed.
///
/// Not counted: Swift's own overhead (about 140 bytes per journal entry,
/// bounded by ``SessionLimits/maxEventsPerSession``; a parsed ``JSONValue``
/// is 24 bytes, so an array of one-digit numbers takes about 12 times its
/// text), the history (bounded by ``SessionLimits/maxHistoryLength``), the
/// cached session document (a rendering of the counted params plus fixed
/// names), screens a coordinator keeps off the stack, and the
/// ``SharedStore``'s typed values, which the engine cannot measure.
enum SessionBudget {
    /// What `event` adds to the journal's count when it is accepted.
    static func journalBytes(of event: ClientEvent) -> Int {
        event.screen.utf8.count + event.event.utf8.count + event.payload.encodedByteCount + (event.link?.utf8.count ?? 0)
    }

    /// The refusal of an event; the session holds `heldBytes` and stays as it is.
    static func eventRefusal(limit: Int, heldBytes: Int, version: Int) -> NavigationError {
        NavigationError(
            .sessionTooLarge,
            "the event would take the session past its limit of \(limit) bytes (it holds \(heldBytes) bytes of context, accepted events and screen params); start a new session",
            currentVersion: version, limitBytes: limit, sessionBytes: heldBytes)
    }

    /// The refusal of a new session whose context alone is `contextBytes`.
    static func contextRefusal(limit: Int, contextBytes: Int) -> NavigationError {
        NavigationError(
            .sessionTooLarge,
            "the context takes \(contextBytes) bytes, more than the session limit of \(limit) bytes",
            limitBytes: limit)
    }

    /// The refusal of a new session that would start out holding `startBytes`
    /// (its context and its first screens' params).
    static func startRefusal(limit: Int, startBytes: Int) -> NavigationError {
        NavigationError(
            .sessionTooLarge,
            "the new session would hold \(startBytes) bytes of context and screen params, more than the session limit of \(limit) bytes",
            limitBytes: limit)
    }
}
