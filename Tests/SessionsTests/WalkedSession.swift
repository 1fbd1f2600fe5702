import Coordination
import FlowTestSupport
import Flows

@testable import Sessions

/// Sessions of the built-in flows taken through many events, and the
/// journal records a server would have stored for them.
enum WalkedSession {
    /// `(event, payload)` on the active screen: every currency, conversions,
    /// and both ways out of the calculator.
    static let exchangeSteps: [(String, JSONObject)] = [
        ("select", ["code": "USD"]), ("convert", ["amount": 2]), ("convert", ["amount": 0.5]), ("close", [:]),
        ("select", ["code": "JPY"]), ("convert", ["amount": 1.234]), ("back", [:]), ("select", ["code": "EUR"]),
        ("convert", ["amount": -3.5]), ("close", [:]), ("select", ["code": "GBP"]), ("back", [:]),
        ("select", ["code": "CNY"]), ("convert", ["amount": 1e6]),
    ]

    /// Onboarded, logged in, through settings and a checkout.
    static let appSteps: [(String, JSONObject)] = [
        ("login", ["username": "ada", "password": "secret"]), ("openSettings", [:]), ("toggleNotifications", [:]), ("back", [:]),
        ("checkout", [:]), ("next", [:]), ("next", ["street": "1 Main St"]), ("pay", ["card": "4242 4242 4242 4242"]),
        ("done", [:]), ("selectProfile", [:]),
    ]

    static func exchange(id: String, steps: Int = exchangeSteps.count) throws -> Session {
        try walk(Session(id: id, flow: ExchangeFlow.flow, context: nil), exchangeSteps.prefix(steps))
    }

    static func app(id: String) throws -> Session {
        try walk(Session(id: id, flow: AppFlow.flow, context: ["onboarded": true]), appSteps[...])
    }

    private static func walk(_ session: Session, _ steps: ArraySlice<(String, JSONObject)>) throws -> Session {
        for (event, payload) in steps {
            try session.send(ClientEvent(screen: session.stack.top?.screen.id ?? "", event: event, payload: payload))
            try DemoEffects.answerPending(of: session)
        }
        return session
    }

    /// The records a server stores for `session`: `created` at version 1,
    /// then one `event` (or `link`, or `outcome`) record per accepted
    /// change, a second apart.
    static func records(of session: Session, startTime: Int64 = 1_700_000_000_000) -> [JournalRecord] {
        let created = JournalEntry.created(
            SessionStart(flow: session.flow.name, flowVersion: session.flow.version, context: session.context))
        let events = session.acceptedChanges.enumerated().map { offset, change in
            JournalEntry.recording(change).record(sessionID: session.id, version: offset + 2, time: startTime + Int64(offset + 1) * 1_000)
        }
        return [created.record(sessionID: session.id, version: 1, time: startTime)] + events
    }
}
