@testable import Coordination

/// One screen, `ledger`, whose events grow a session's accepted events, its params,
/// or both, so budget and field-limit tests can aim at each part.
///
/// - `note(text)`: kept in the accepted events only.
/// - `add(text)`: appended to the `lines` param as well.
/// - `clear`: empties `lines`.
/// - `long(text)` / `short(text)`: strings with their own limit, 10,000 and 8 bytes.
/// - `attach(data)`: a free-form object, whose nested strings have no field limit.
final class LedgerCoordinator: Coordinator {
    override func start() {
        let ledger = Screen("ledger", params: ["lines": []])
        ledger
            .on("note", fields: ["text": .string]) { _ in }
            .on("add", fields: ["text": .string]) { [unowned self, unowned ledger] payload in
                let lines = (ledger.params["lines"]?.arrayValue ?? []) + [.string(payload.string("text"))]
                router.update(ledger, "lines", to: .array(lines))
            }
            .on("clear") { [unowned self, unowned ledger] _ in router.update(ledger, "lines", to: []) }
            .on("long", fields: ["text": .string(maxBytes: 10_000)]) { _ in }
            .on("short", fields: ["text": .string(maxBytes: 8)]) { _ in }
            .on("attach", fields: ["data": .object]) { _ in }
        router.setRoot(ledger)
    }
}

extension Flow {
    /// ``LedgerCoordinator``, with one context member, `owner`.
    static let ledger = Flow(
        name: "ledger", description: "Grows the accepted events, the params, or both.",
        context: [ContextField("owner", .string, default: "")]
    ) { environment in
        LedgerCoordinator(environment: environment)
    }
}

extension Session {
    /// A session of ``Flow/ledger``.
    static func ledger(owner: String = "", limits: SessionLimits = .default) throws(NavigationError) -> Session {
        try Session(id: "ledger-session", flow: .ledger, context: ["owner": .string(owner)], limits: limits)
    }
}
