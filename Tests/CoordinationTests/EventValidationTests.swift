import TestSupport
import Testing

@testable import Coordination

/// An event is checked before anything changes: active screen, accepted
/// event, payload fields, expected version. Every refusal leaves the session
/// exactly as it was.
@Suite("Event validation", .timeLimit(.minutes(10)), .hangGuard)
struct EventValidationTests {
    private let withBack = Workbench.actions + ["back"]

    /// home (s1) ← detail (s2, pushed)
    private func sessionWithDetail() throws -> Session {
        let session = try Session.workbench()
        try session.tap("push", ["name": "detail"])
        return session
    }

    // MARK: - Active screen

    /// A reserved event is known by its exact spelling, whatever its length;
    /// names of a reserved one's length, or close to one, are not reserved.
    @Test func reservedEventsAreKnownByTheirExactNames() {
        for event in ReservedEvent.allCases {
            #expect(ReservedEvent(named: event.rawValue) == event)
            #expect(ReservedEvent(named: event.rawValue.uppercased()) == nil)
            #expect(ReservedEvent(named: event.rawValue + "s") == nil)
            #expect(ReservedEvent(named: String(event.rawValue.dropLast())) == nil)
        }
        for name in ["", "next", "convert", "selectAll", "select", "close", "backs"] {
            #expect(ReservedEvent(named: name) == nil, "\(name)")
        }
    }

    @Test func eventForAScreenBelowTheTopIsNotActive() throws {
        let session = try sessionWithDetail()
        let error = expectRefused(.screenNotActive, session, ClientEvent(screen: "s1", event: "update"))
        #expect(error?.activeScreen == "s2")
        #expect(error?.currentVersion == 2)
        #expect(error?.detail == "screen 's1' (home) is not the active screen; the active screen is 's2' (detail)")
    }

    @Test func eventForAnUnknownScreenIsNotActive() throws {
        let session = try sessionWithDetail()
        let error = expectRefused(.screenNotActive, session, ClientEvent(screen: "s99", event: "update"))
        #expect(error?.activeScreen == "s2")
        #expect(error?.detail == "screen 's99' is not on the stack; the active screen is 's2'")
    }

    // MARK: - Accepted events

    @Test func unknownEventListsWhatTheScreenAccepts() throws {
        let session = try sessionWithDetail()
        let error = expectRefused(.eventNotAccepted, session, tapping: "fly")
        #expect(error?.acceptedEvents == withBack)
        #expect(error?.detail.hasPrefix("screen 'detail' does not accept event 'fly'; it accepts: push, present, pop") == true)
    }

    @Test func backIsNotAcceptedOnARootScreen() throws {
        let session = try Session.workbench()
        let error = expectRefused(.eventNotAccepted, session, tapping: "back")
        #expect(error?.acceptedEvents == Workbench.actions)
    }

    @Test func dismissIsNotAcceptedOutsideAModal() throws {
        let session = try sessionWithDetail()
        let error = expectRefused(.eventNotAccepted, session, tapping: "dismiss")
        #expect(error?.acceptedEvents.contains("dismiss") == false)
        #expect(error?.acceptedEvents.last == "back")
    }

    @Test func modalRootAcceptsDismissButNotBack() throws {
        let session = try Session.workbench()
        try session.tap("present", ["name": "sheet", "style": "sheet"])
        #expect(expectRefused(.eventNotAccepted, session, tapping: "back")?.acceptedEvents == Workbench.actions + ["dismiss"])
        try session.tap("push", ["name": "inside"])
        #expect(
            expectRefused(.eventNotAccepted, session, tapping: "fly")?.acceptedEvents
                == Workbench.actions + ["back", "dismiss"])
    }

    @Test func backAndDismissCanBeDisabledPerScreen() throws {
        let session = try Session.workbench()
        try session.tap("present", ["name": "sheet", "style": "fullScreen"])
        try session.tap("push", ["name": "locked"])
        let locked = try #require(session.stack.top?.screen)
        locked.backDisabled().interactiveDismissDisabled()
        let error = expectRefused(.eventNotAccepted, session, tapping: "back")
        #expect(error?.acceptedEvents == Workbench.actions)
        expectRefused(.eventNotAccepted, session, tapping: "dismiss")
    }

    // MARK: - Payload

    @Test(
        arguments: [
            (JSONObject(), [FieldProblem(field: "name", message: "is required (string)")]),
            (["name": 3], [FieldProblem(field: "name", message: "must be a string, not number")]),
            (["name": nil], [FieldProblem(field: "name", message: "must be a string, not null")]),
            (["name": "x", "color": "red"], [FieldProblem(field: "color", message: "is not a field of event 'push'")]),
        ] as [(JSONObject, [FieldProblem])])
    func payloadMustMatchTheDeclaredFields(payload: JSONObject, problems: [FieldProblem]) throws {
        let session = try sessionWithDetail()
        let error = expectRefused(.invalidPayload, session, tapping: "push", payload)
        #expect(error?.fieldProblems == problems)
    }

    @Test func everyProblemIsReportedInFieldOrder() throws {
        let session = try Session.workbench()
        let error = expectRefused(.invalidPayload, session, tapping: "present", ["extra": true, "style": 1])
        #expect(
            error?.fieldProblems == [
                FieldProblem(field: "name", message: "is required (string)"),
                FieldProblem(field: "style", message: "must be a string, not number"),
                FieldProblem(field: "extra", message: "is not a field of event 'present'"),
            ])
        #expect(
            error?.detail == "the payload of 'present' does not match its fields: 'name' is required (string); "
                + "'style' must be a string, not number; 'extra' is not a field of event 'present'")
    }

    @Test func eventWithoutFieldsRefusesAnyPayload() throws {
        let session = try Session.workbench()
        let error = expectRefused(.invalidPayload, session, tapping: "update", ["count": 1])
        #expect(error?.fieldProblems == [FieldProblem(field: "count", message: "is not a field of event 'update'")])
    }

    @Test(arguments: ["back", "dismiss"])
    func reservedEventsTakeNoPayload(event: String) throws {
        let session = try Session.workbench()
        try session.tap("present", ["name": "sheet", "style": "sheet"])
        try session.tap("push", ["name": "inside"])
        let error = expectRefused(.invalidPayload, session, tapping: event, ["animated": false])
        #expect(error?.fieldProblems == [FieldProblem(field: "animated", message: "is not a field of event '\(event)'")])
        #expect(error?.detail == "event '\(event)' takes no payload")
    }

    // MARK: - Expected version (If-Match)

    @Test func staleExpectedVersionIsAMismatch() throws {
        let session = try sessionWithDetail()
        let event = ClientEvent(screen: "s2", event: "update")
        let error = expectRefused(.versionMismatch, session, event, expectedVersion: 1)
        #expect(error?.currentVersion == 2)
        #expect(error?.detail == "the session is at version 2, not 1; fetch it again before sending events")
        expectRefused(.versionMismatch, session, event, expectedVersion: 3)

        try session.send(event, expectedVersion: 2)
        #expect(session.version == 3)
    }

    @Test func versionIsCheckedBeforeTheEventItself() throws {
        let session = try Session.workbench()
        expectRefused(.versionMismatch, session, ClientEvent(screen: "s42", event: "nonsense"), expectedVersion: 7)
    }

    // MARK: - Accepted events count

    @Test func versionGrowsByOnePerAcceptedEventOnly() throws {
        let session = try Session.workbench()
        #expect(session.version == 1)
        try session.tap("update")
        expectRefused(.eventNotAccepted, session, tapping: "fly")
        try session.tap("push", ["name": "detail"])
        expectRefused(.invalidPayload, session, tapping: "push")
        try session.tap("back")
        #expect(session.version == 4)
        #expect(session.acceptedEvents.map(\.event) == ["update", "push", "back"])
    }

    @Test func eventLimitRefusesFurtherEvents() throws {
        var limits = SessionLimits()
        limits.maxEventsPerSession = 2
        let session = try Session.workbench(limits: limits)
        try session.tap("update")
        try session.tap("update")
        let error = expectRefused(.eventLimitReached, session, tapping: "update")
        #expect(error?.currentVersion == 3)
    }
}
