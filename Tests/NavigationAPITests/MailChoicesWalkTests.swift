import Coordination
import TestSupport
import Testing

/// `mail` walked over HTTP the way a generic client walks it: by the words
/// the session document shows (titles, labels, roles) and the choices it
/// offers (`enum` and `labels`), never by ids or screen names it knows.
@Suite("Walk: mail by its words and choices", .timeLimit(.minutes(10)), .hangGuard)
struct MailChoicesWalkTests {
    /// What a person taps: one choice of one field of an event on a screen.
    private struct Tap {
        let screen: String
        let event: String
        let payload: JSONValue?
    }

    /// The choice labelled `label` (or starting with it) on the topmost screen offering one.
    private func choice(_ label: String, in session: ClientSession) throws -> Tap {
        for screen in session.stack.reversed() {
            for event in screen["events"]?.arrayValue ?? [] {
                for (field, declaration) in event["fields"]?.objectValue ?? JSONObject() {
                    let values = declaration["enum"]?.arrayValue ?? []
                    let labels = declaration["labels"]?.arrayValue?.compactMap(\.stringValue) ?? []
                    guard values.count == labels.count, let index = labels.firstIndex(where: { $0.hasPrefix(label) }) else { continue }
                    return Tap(
                        screen: screen["id"]?.stringValue ?? "", event: event["name"]?.stringValue ?? "",
                        payload: .object([field: values[index]]))
                }
            }
        }
        throw NoSuchControl(what: "a choice labelled '\(label)'")
    }

    /// The event labelled `label` on the screen titled `title`; its role.
    private func button(_ label: String, on title: String, in session: ClientSession) throws -> (tap: Tap, role: String?) {
        guard let screen = session.stack.last(where: { $0["title"]?.stringValue == title }),
            let event = screen["events"]?.arrayValue?.first(where: { $0["label"]?.stringValue == label })
        else { throw NoSuchControl(what: "'\(label)' on '\(title)'") }
        let tap = Tap(screen: screen["id"]?.stringValue ?? "", event: event["name"]?.stringValue ?? "", payload: nil)
        return (tap, event["role"]?.stringValue)
    }

    private struct NoSuchControl: Error, CustomStringConvertible {
        let what: String
        var description: String { "the document offers no \(what)" }
    }

    private func perform(_ tap: Tap, _ client: TestHTTPClient, _ session: inout ClientSession) throws {
        let response = try client.send(tap.event, tap.payload, to: session, screen: tap.screen)
        try #require(response.status == 200, "\(tap.event) \(tap.payload.map { "\($0)" } ?? ""): \(response.text)")
        session.document = try #require(response.json)
        expectEveryScreenDescribed(session)
    }

    /// Every screen in `stack` and `layout` has a title, every event a label.
    private func expectEveryScreenDescribed(_ session: ClientSession, sourceLocation: SourceLocation = #_sourceLocation) {
        var screens = session.stack
        func visit(_ layout: JSONValue?) {
            screens +=
                (layout?["stack"]?.arrayValue ?? []) + (layout?["primary"]?.arrayValue ?? [])
                + (layout?["secondary"]?.arrayValue ?? [])
            for tab in layout?["tabs"]?.arrayValue ?? [] { visit(tab["layout"]) }
        }
        visit(session.document["layout"])
        for screen in screens {
            #expect(screen["title"]?.stringValue?.isEmpty == false, "\(screen)", sourceLocation: sourceLocation)
            for event in screen["events"]?.arrayValue ?? [] {
                #expect(event["label"]?.stringValue?.isEmpty == false, "\(event)", sourceLocation: sourceLocation)
                for (_, field) in event["fields"]?.objectValue ?? JSONObject() {
                    #expect(field["label"]?.stringValue?.isEmpty == false, "\(field)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    private func titles(_ session: ClientSession) -> [String] {
        session.stack.compactMap { $0["title"]?.stringValue }
    }

    @Test func aClientReadsArchivesAndReadsAgainByChoosing() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("mail")
        expectEveryScreenDescribed(session)
        #expect(titles(session) == ["Mailboxes", "No message selected"])

        try perform(try choice("Inbox", in: session), client, &session)
        #expect(titles(session) == ["Mailboxes", "Inbox", "No message selected"])
        try perform(try choice("Lunch on Friday?", in: session), client, &session)
        #expect(titles(session) == ["Mailboxes", "Inbox", "Lunch on Friday?"])

        let archive = try button("Archive", on: "Lunch on Friday?", in: session)
        #expect(archive.role == "destructive")
        try perform(archive.tap, client, &session)
        #expect(titles(session) == ["Mailboxes", "Inbox", "No message selected"])
        #expect(throws: NoSuchControl.self) { try choice("Lunch on Friday?", in: session) }

        let back = try button("Back", on: "Inbox", in: session)
        #expect(back.role == "cancel")
        try perform(back.tap, client, &session)
        try perform(try choice("Archive", in: session), client, &session)
        #expect(titles(session) == ["Mailboxes", "Archive", "No message selected"])
        try perform(try choice("Lunch on Friday? — Ada", in: session), client, &session)
        #expect(titles(session) == ["Mailboxes", "Archive", "Lunch on Friday?"])
        #expect(session.stack.last?["params"]?["body"] == "The usual place at noon?")
    }

    @Test func whatAPersonReadsIsNotAValue() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("mail")
        let inbox = try choice("Inbox", in: session)
        // The label is not the value: refused like any value outside an enum, and nothing changes.
        var response = try client.send(inbox.event, ["mailbox": "Inbox"], to: session, screen: inbox.screen)
        expectProblem(response, 422, "invalid-payload")
        #expect(response.json?["errors"] == [["field": "mailbox", "message": "must be one of inbox, archive, not 'Inbox'"]])
        #expect(try client.version(of: session) == 1)
        try perform(inbox, client, &session)
        let lunch = try choice("Lunch on Friday?", in: session)
        response = try client.send(lunch.event, ["message": "m4"], to: session, screen: lunch.screen)
        expectProblem(response, 422, "invalid-payload")
        #expect(try client.version(of: session) == 2)
    }
}
