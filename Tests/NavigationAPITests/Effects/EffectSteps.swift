import Coordination
import Foundation
import TestSupport
import Testing

/// What the effect tests do as a client of the `app` flow, and what they
/// read back: the pending effects, the recorded outcomes, the metrics.
extension TestHTTPClient {
    /// A new `app` session at its login screen (onboarding already seen).
    func sessionAtLogin(sourceLocation: SourceLocation = #_sourceLocation) throws -> ClientSession {
        let session = try createSession("app", context: ["onboarded": true], sourceLocation: sourceLocation)
        try #require(session.topName == "login", sourceLocation: sourceLocation)
        return session
    }

    /// A new `app` session, logged in by a saved token, at the checkout's payment screen.
    func sessionAtPayment(sourceLocation: SourceLocation = #_sourceLocation) throws -> ClientSession {
        var session = try createSession("app", context: ["onboarded": true, "token": "saved"], sourceLocation: sourceLocation)
        try apply("checkout", to: &session, sourceLocation: sourceLocation)
        try apply("next", to: &session, sourceLocation: sourceLocation)
        try apply("next", ["street": "1 Main Street"], to: &session, sourceLocation: sourceLocation)
        try #require(session.topName == "payment", sourceLocation: sourceLocation)
        return session
    }

    /// Sends `event` with `payload`, which must be answered 200, and
    /// returns the session as the answer shows it (after the outcomes of
    /// the effects it started, when they came within `--effect-wait`).
    func answer(
        _ event: String, _ payload: JSONValue? = nil, to session: ClientSession, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ClientSession {
        let response = try send(event, payload, to: session)
        try #require(response.status == 200, "\(event) on \(session.topName): \(response.text)", sourceLocation: sourceLocation)
        return ClientSession(id: session.id, document: try #require(response.json, sourceLocation: sourceLocation))
    }

    /// `GET` of the session, which must be 200.
    func current(_ session: ClientSession, sourceLocation: SourceLocation = #_sourceLocation) throws -> ClientSession {
        let response = try request("GET", session.path)
        try #require(response.status == 200, "GET \(session.path): \(response.text)", sourceLocation: sourceLocation)
        return ClientSession(id: session.id, document: try #require(response.json, sourceLocation: sourceLocation))
    }

    /// Polls `GET` of the session until no effect is pending, and returns it.
    func settled(_ session: ClientSession) throws -> ClientSession {
        var latest = session
        try waitUntil("the effects of session \(session.id) to have their outcomes", pollingEvery: 0.02) {
            latest = try current(session)
            return latest.pendingEffects.isEmpty
        }
        return latest
    }

    /// The outcome records of the session's events listing, oldest first:
    /// `{"version","effect","outcome","time"}` each.
    func outcomes(of session: ClientSession, sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        let response = try request("GET", session.path + "/events")
        try #require(response.status == 200, "GET \(session.path)/events: \(response.text)", sourceLocation: sourceLocation)
        let events = try #require(response.json?["events"]?.arrayValue, sourceLocation: sourceLocation)
        return events.filter { $0["effect"] != nil }
    }

    /// A sample of `GET /metrics`: 0 when the page does not have it yet.
    func metric(_ name: String, _ labels: [String: String]) throws -> Double {
        try PrometheusTextParser(request("GET", "/metrics").text).value(name, labels) ?? 0
    }
}

extension ClientSession {
    /// The document's `effects`: the pending ones, `{"id","name","coordinator"}` each.
    var pendingEffects: [JSONValue] { document["effects"]?.arrayValue ?? [] }
}

/// The sign-in service's answers the tests script.
enum SignIn {
    /// What `auth.login` answers for a user named `name`.
    static func accepted(as name: String) -> LoopbackBackend.Reply {
        .json(200, ["user": ["name": .string(name)]])
    }

    /// The payload of the login screen's `login` event.
    static func payload(_ username: String, _ password: String) -> JSONValue {
        ["username": .string(username), "password": .string(password)]
    }
}
