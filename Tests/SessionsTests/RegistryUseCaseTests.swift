import Coordination
import Flows
import Sessions
import TestSupport
import Testing

/// The registry's use cases on the built-in flows, as a caller above
/// `Sessions` sees them: values in, documents and versions out, and each
/// event counted by flow and outcome.
@Suite("SessionRegistry use cases", .timeLimit(.minutes(10)), .hangGuard)
struct RegistryUseCaseTests {
    private let registry = SessionRegistry(flows: BuiltinFlows.all)

    /// The stack of a document, bottom to top, as `name:id`.
    private func stack(_ snapshot: SessionSnapshot) throws -> [String] {
        let stack = try #require(try JSONParser.parse(snapshot.document)["stack"]?.arrayValue)
        return stack.map { "\($0["name"]?.stringValue ?? ""):\($0["id"]?.stringValue ?? "")" }
    }

    private func topID(_ snapshot: SessionSnapshot) throws -> String {
        try #require(try stack(snapshot).last?.split(separator: ":").last.map(String.init))
    }

    // MARK: - The reserved events

    @Test func backPopsThePushedScreen() throws {
        let created = try registry.create(flow: "exchange", context: nil)
        let pushed = try registry.send(
            ClientEvent(screen: try topID(created), event: "select", payload: ["code": "USD"]), to: created.id)
        #expect(try stack(pushed) == ["rates:s1", "calculator:s2"])
        let popped = try registry.back(from: "s2", in: created.id, expectedVersion: 2)
        #expect(popped.version == 3)
        #expect(try stack(popped) == ["rates:s1"])
        #expect(try registry.document(of: created.id).document == popped.document)
    }

    @Test func dismissClosesTheModal() throws {
        let created = try registry.create(flow: "app", context: ["onboarded": true, "token": "saved"])
        let sheet = try registry.send(ClientEvent(screen: try topID(created), event: "checkout"), to: created.id)
        #expect(try stack(sheet).map { $0.split(separator: ":")[0] } == ["home", "cart"])
        let dismissed = try registry.dismiss(from: try topID(sheet), in: created.id)
        #expect(try stack(dismissed).map { $0.split(separator: ":")[0] } == ["home"])
    }

    @Test func selectTabSwitchesTheTabBar() throws {
        let created = try registry.create(flow: "mail", context: nil)
        let layout = try #require(try JSONParser.parse(created.document)["layout"])
        #expect(layout["selected"] == "mail")
        let switched = try registry.selectTab("settings", from: try topID(created), in: created.id)
        #expect(try JSONParser.parse(switched.document)["layout"]?["selected"] == "settings")
        #expect(try stack(switched).map { $0.split(separator: ":")[0] } == ["mailSettings"])
    }

    @Test func aReservedEventWhereItIsNotAcceptedIsRefusedAndChangesNothing() throws {
        let created = try registry.create(flow: "exchange", context: nil)
        let error = #expect(throws: NavigationError.self) { try registry.back(from: "s1", in: created.id) }
        #expect(error?.kind == .eventNotAccepted)
        #expect(try registry.document(of: created.id).version == 1)
    }

    // MARK: - Reading

    @Test func historyAndEventsAreTheSessionsOwn() throws {
        let created = try registry.create(flow: "exchange", context: nil)
        _ = try registry.open(link: "/rates/EUR", in: created.id)
        let history = try JSONParser.parse(try registry.history(of: created.id, since: 1))
        #expect(history["version"] == 2)
        #expect(history["entries"]?.arrayValue?.contains { $0["operation"] == "push" } == true)
        let events = try registry.events(of: created.id, since: 0)
        #expect(events.flow == "exchange")
        #expect(events.events.map { $0.event?.link } == ["/rates/EUR"])
    }

    // MARK: - Counting

    @Test func everyEventToALiveSessionIsCountedByFlowAndOutcome() throws {
        let created = try registry.create(flow: "exchange", context: nil)
        _ = try registry.send(ClientEvent(screen: "s1", event: "select", payload: ["code": "USD"]), to: created.id)
        _ = try? registry.send(ClientEvent(screen: "s1", event: "select", payload: ["code": "USD"]), to: created.id)
        _ = try? registry.send(ClientEvent(screen: "s2", event: "nope"), to: created.id)
        _ = try? registry.send(ClientEvent(screen: "s2", event: "back"), to: created.id, expectedVersion: 1)
        _ = try registry.open(link: "/rates", in: created.id)
        // An event to no session has no flow to count under.
        _ = try? registry.send(ClientEvent(screen: "s1", event: "select"), to: String(repeating: "0", count: 32))

        let counts = registry.eventCounts
        #expect(counts.count(flow: "exchange", .accepted) == 2)
        #expect(counts.count(flow: "exchange", .refused(.screenNotActive)) == 1)
        #expect(counts.count(flow: "exchange", .refused(.eventNotAccepted)) == 1)
        #expect(counts.count(flow: "exchange", .refused(.versionMismatch)) == 1)
        #expect(counts.count(flow: "app", .accepted) == 0)
        #expect(counts.count(flow: "unknown", .accepted) == 0)
        // The same length as a hosted flow's name, another name.
        #expect(counts.count(flow: "exchangf", .accepted) == 0)
        let total = EventOutcome.all.reduce(0) { $0 + counts.count(flow: "exchange", $1) }
        #expect(total == 5)
    }
}
