import Foundation
import JSON
import TestSupport
import Testing

/// docs/flow-files.md#serving-and-versions: `--flows DIR` (or
/// `NAVIGATION_FLOWS`) hosts every `*.json` of DIR beside the built-in flows,
/// checked at start; one problem stops the start (exit 2) naming the file and
/// the place.
@Suite("Flow files: served with --flows", .timeLimit(.minutes(10)), .hangGuard)
struct FlowFilesServingTests {
    @Test func aFlowFileIsServedBesideTheBuiltInFlows() throws {
        let flows = try FlowFileFixtures.directory(["notes.json": FlowFileFixtures.notes])
        let server = try LaunchedServer(["--flows", flows.path])
        let client = server.client()
        var session = try client.createSession("notes")
        #expect(session.document["flow"] == "notes")
        #expect(session.topName == "notes")
        #expect(session.top?["title"] == "Notes of you")
        #expect(session.topParams == ["notes": []])
        try client.apply("add", to: &session)
        #expect(session.topName == "editor")
        try client.apply("save", ["text": "milk"], to: &session)
        #expect(session.topName == "notes")
        #expect(session.topParams == ["notes": ["milk"]])
        // The built-in flows are still there.
        _ = try client.createSession("exchange")
        _ = try server.stop()
    }

    @Test func aRejectInTheFileIsA422WithItsMessageAndChangesNothing() throws {
        let flows = try FlowFileFixtures.directory(["notes.json": FlowFileFixtures.notes])
        let server = try LaunchedServer([], environment: ["NAVIGATION_FLOWS": flows.path])
        let client = server.client()
        var session = try client.createSession("notes", context: ["owner": "Ana"])
        #expect(session.top?["title"] == "Notes of Ana")
        try client.apply("add", to: &session)
        let refused = try client.send("save", ["text": ""], to: session)
        expectProblem(refused, 422, "event-rejected")
        #expect(refused.json?["detail"]?.stringValue?.contains("a note needs some text") == true, "\(refused.text)")
        #expect(try client.request("GET", session.path).json == session.document)
        _ = try server.stop()
    }

    /// "Acknowledged means journaled" for a file flow
    /// (docs/durability.md#what-is-promised-and-how-it-is-tested): what was
    /// answered is there after a `kill -9`, replayed through the file's
    /// coordinators.
    @Test func aSessionOfAFileFlowSurvivesAKillNine() throws {
        let flows = try FlowFileFixtures.directory(["notes.json": FlowFileFixtures.notes])
        let data = try LaunchedServer.freshDirectory().path
        let first = try LaunchedServer(["--store", "file:" + data, "--flows", flows.path])
        let client = first.client()
        var session = try client.createSession("notes")
        try client.apply("add", to: &session)
        try client.apply("save", ["text": "milk"], to: &session)
        try client.apply("add", to: &session)
        first.killNow()

        let second = try LaunchedServer(["--store", "file:" + data, "--flows", flows.path])
        let served = try second.client().request("GET", session.path)
        #expect(served.status == 200, "\(served.text)")
        #expect(served.json == session.document)
        _ = try second.stop()
    }

    /// `journal replay` runs the files of `NAVIGATION_FLOWS` as a server
    /// with `--flows` does; without them, from the copy the data directory
    /// keeps of the content each session is pinned to.
    @Test func theJournalReplaysAFileFlowsSessionsWithOrWithoutNavigationFlows() throws {
        let flows = try FlowFileFixtures.directory(["notes.json": FlowFileFixtures.notes])
        let data = try LaunchedServer.freshDirectory().path
        let server = try LaunchedServer(["--store", "file:" + data, "--flows", flows.path])
        var session = try server.client().createSession("notes")
        try server.client().apply("add", to: &session)
        _ = try server.stop()

        let replayed = try JournalCommandRun(["replay", "--data", data], environment: ["NAVIGATION_FLOWS": flows.path])
        #expect(replayed.status == 0, "\(replayed.output)\(replayed.error)")
        let unhosted = try JournalCommandRun(["replay", "--data", data])
        #expect(unhosted.status == 0, "\(unhosted.output)\(unhosted.error)")
        #expect(unhosted.output.contains("1 replays as recorded"), "\(unhosted.output)")
    }

    @Test func aFileWithProblemsStopsTheStartNamingEachOne() throws {
        let flows = try FlowFileFixtures.directory([
            "notes.json": FlowFileFixtures.notes,
            "broken.json": FlowFileFixtures.brokenTwice,
            "ignored.txt": "not a flow file",
            ".hidden.json": "not read either",
        ])
        let run = try FlowFileFixtures.start(["--flows", flows.path])
        #expect(run.status == 2)
        let lines = run.error.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.error)")
        let file = flows.appendingPathComponent("broken.json").path
        #expect(
            lines.contains { $0.hasPrefix("navigation-server: --flows: \(file)#/coordinators/Main/start/1: unknown action (shove)") },
            "\(run.error)")
        #expect(
            lines.contains(
                "navigation-server: --flows: \(file)#/coordinators/Main/screens/home/events/go/do/0: 'Main' has no screen 'nowhere'"),
            "\(run.error)")
        #expect(run.output.isEmpty)
    }

    @Test func aFileThatIsNotJSONStopsTheStart() throws {
        let flows = try FlowFileFixtures.directory(["one.json": "{"])
        let run = try FlowFileFixtures.start(["--flows", flows.path])
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("navigation-server: --flows: \(flows.path)/one.json#: not JSON"), "\(run.error)")
    }

    @Test func aFileRepeatingABuiltInFlowsVersionStopsTheStart() throws {
        let exchange = try FlowFileFixtures.notes.replacingOccurrences(of: "\"notes\",\n", with: "\"exchange\",\n")
        let flows = try FlowFileFixtures.directory(["exchange.json": exchange])
        let run = try FlowFileFixtures.start(["--flows", flows.path])
        #expect(run.status == 2)
        #expect(
            run.error
                == "navigation-server: --flows: \(flows.path)/exchange.json#: flow 'exchange' version 1 is also defined by a Swift flow of this server; give this file another version\n"
        )
    }

    @Test func twoFilesOfOneVersionStopTheStart() throws {
        let flows = try FlowFileFixtures.directory(["a.json": FlowFileFixtures.notes, "b.json": FlowFileFixtures.notes])
        let run = try FlowFileFixtures.start(["--flows", flows.path])
        #expect(run.status == 2)
        #expect(run.error.contains("b.json#: flow 'notes' version 1 is also defined by \(flows.path)/a.json"), "\(run.error)")
    }

    @Test func aFlowsPathThatDoesNotExistStopsTheStart() throws {
        let missing = try LaunchedServer.freshDirectory().appendingPathComponent("nope").path
        let run = try FlowFileFixtures.start(["--flows", missing])
        #expect(run.status == 2)
        #expect(run.error == "navigation-server: --flows: \(missing)#: cannot open it (No such file or directory)\n")
    }

    /// An effect no performer of this server takes is a problem at start;
    /// a `--backend` of its name performs it.
    @Test func anEffectNeedsAPerformer() throws {
        let flows = try FlowFileFixtures.directory(["pay.json": FlowFileFixtures.payment])
        let refused = try FlowFileFixtures.start(["--flows", flows.path])
        #expect(refused.status == 2)
        #expect(refused.error.contains("billing.invoice"), "\(refused.error)")
        let server = try LaunchedServer(["--flows", flows.path, "--backend", "billing.invoice=http://127.0.0.1:9/charge"])
        _ = try server.client().createSession("pay")
        _ = try server.stop()
    }
}
