import Coordination
import FlowTestSupport
import Sessions
import TestSupport
import Testing

/// `--flow-version NAME=V[:PERCENT]` as text, and the checks a set of
/// hosted flows passes before a server starts.
@Suite("Flow versions: selections and hosted flows", .timeLimit(.minutes(10)), .hangGuard)
struct FlowVersionSelectionTests {
    // MARK: - Parsing

    @Test func aCurrentVersionAndARampParse() {
        #expect(FlowVersionSelection(parsing: "notes=2") == FlowVersionSelection(flow: "notes", version: 2))
        #expect(FlowVersionSelection(parsing: "notes=3:30") == FlowVersionSelection(flow: "notes", version: 3, percent: 30))
        #expect(FlowVersionSelection(parsing: "a=b=1")?.flow == "a=b")
        #expect(FlowVersionSelection(parsing: "notes=3:0")?.percent == 0)
        #expect(FlowVersionSelection(parsing: "notes=3:100")?.percent == 100)
        #expect(
            FlowVersionSelection.parseList("notes=2, app=3:10") == [
                FlowVersionSelection(flow: "notes", version: 2), FlowVersionSelection(flow: "app", version: 3, percent: 10),
            ])
        #expect(FlowVersionSelection(flow: "notes", version: 3, percent: 30).description == "notes=3:30")
    }

    @Test(arguments: [
        "", "notes", "=2", "notes=", "notes=0", "notes=-1", "notes=+2", "notes=2.0", "notes= 2", "notes=2:", "notes=2:101",
        "notes=2:-1", "notes=2:30:1", "notes=1234567890", "notes=x",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(FlowVersionSelection(parsing: text) == nil)
    }

    @Test func aListWithOneBadEntryIsRefused() {
        #expect(FlowVersionSelection.parseList("notes=2,") == nil)
        #expect(FlowVersionSelection.parseList("notes=2,app") == nil)
        #expect(FlowVersionSelection.parseList("") == nil)
    }

    // MARK: - Hosted flows

    @Test func theSameVersionTwiceIsRefused() {
        let error = #expect(throws: HostedFlowsError.self) {
            try HostedFlows([NotesFlows.v1, NotesFlows.v2, NotesFlows.notes(version: 1)])
        }
        #expect(error == .duplicateVersion(flow: "notes", version: 1))
        #expect(error?.description == "flow 'notes' version 1 is given twice; each version of a flow must be hosted once")
    }

    @Test func aSelectionMustNameAHostedFlowAndVersion() {
        let flows = [NotesFlows.v1, NotesFlows.v2]
        #expect(throws: HostedFlowsError.unknownFlow("mail", hosted: ["notes"])) {
            try HostedFlows(flows, selections: [FlowVersionSelection(flow: "mail", version: 1)])
        }
        let unknown = #expect(throws: HostedFlowsError.self) {
            try HostedFlows(flows, selections: [FlowVersionSelection(flow: "notes", version: 3, percent: 10)])
        }
        #expect(unknown == .unknownVersion(flow: "notes", version: 3, hosted: [1, 2]))
        #expect(unknown?.description.hasSuffix("hosted versions: 1, 2") == true)
    }

    @Test func oneCurrentVersionAndOneRampPerFlow() throws {
        let flows = [NotesFlows.v1, NotesFlows.v2, NotesFlows.v3]
        _ = try HostedFlows(
            flows,
            selections: [FlowVersionSelection(flow: "notes", version: 1), FlowVersionSelection(flow: "notes", version: 3, percent: 5)])
        #expect(throws: HostedFlowsError.selectedTwice("notes", ramp: false)) {
            try HostedFlows(
                flows, selections: [FlowVersionSelection(flow: "notes", version: 1), FlowVersionSelection(flow: "notes", version: 2)])
        }
        #expect(throws: HostedFlowsError.selectedTwice("notes", ramp: true)) {
            try HostedFlows(
                flows,
                selections: [
                    FlowVersionSelection(flow: "notes", version: 2, percent: 1),
                    FlowVersionSelection(flow: "notes", version: 3, percent: 1),
                ])
        }
    }
}
