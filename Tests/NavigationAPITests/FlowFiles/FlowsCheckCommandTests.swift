import Foundation
import TestSupport
import Testing

/// `navigation-server flows check PATH...`: the checks of a start, for CI.
@Suite("Flow files: the flows check command", .timeLimit(.minutes(10)), .hangGuard)
struct FlowsCheckCommandTests {
    @Test func soundFilesExitZeroWithALinePerFlow() throws {
        let flows = try FlowFileFixtures.directory(["notes.json": FlowFileFixtures.notes])
        let examples = OpenAPIDocumentTests.repositoryRoot.appendingPathComponent("examples/flows").path
        let run = try FlowFileFixtures.check([flows.appendingPathComponent("notes.json").path])
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.output == "ok: flow 'notes' version 1\n1 flow file checked, no problems\n")
        #expect(run.error.isEmpty)
        // A directory: every example the repository ships is sound.
        let all = try FlowFileFixtures.check([examples])
        #expect(all.status == 0, "\(all.output)\(all.error)")
    }

    @Test func everyProblemOfEveryPathIsPrintedAndTheExitIsOne() throws {
        let flows = try FlowFileFixtures.directory([
            "broken.json": FlowFileFixtures.brokenTwice, "notes.json": FlowFileFixtures.notes, "empty.json": "",
        ])
        let missing = flows.appendingPathComponent("missing.json").path
        let run = try FlowFileFixtures.check([flows.path, missing])
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(run.output)")
        #expect(lines.filter { $0.hasPrefix(flows.appendingPathComponent("broken.json").path + "#/coordinators/Main/") }.count == 2)
        #expect(lines.contains { $0.hasPrefix(flows.appendingPathComponent("empty.json").path + "#: not JSON") }, "\(run.output)")
        #expect(lines.contains("\(missing)#: cannot open it (No such file or directory)"), "\(run.output)")
        #expect(run.error == "navigation-server flows check: 4 problems\n")
    }

    @Test func aFileRepeatingABuiltInFlowsVersionIsAProblem() throws {
        let exchange = try FlowFileFixtures.notes.replacingOccurrences(of: "\"notes\",\n", with: "\"exchange\",\n")
        let flows = try FlowFileFixtures.directory(["exchange.json": exchange])
        let run = try FlowFileFixtures.check([flows.path])
        #expect(run.status == 1)
        #expect(run.output.contains("flow 'exchange' version 1 is also defined by a Swift flow of this server"), "\(run.output)")
    }

    @Test func anEffectIsPerformedByABackendNamedOnTheCommandLine() throws {
        let flows = try FlowFileFixtures.directory(["pay.json": FlowFileFixtures.payment])
        let unperformed = try FlowFileFixtures.check([flows.path])
        #expect(unperformed.status == 1)
        #expect(unperformed.output.contains("billing.invoice"), "\(unperformed.output)")
        for backend in [["--backend", "billing.invoice=http://127.0.0.1:9/"], ["--backend=billing.invoice"]] {
            let performed = try FlowFileFixtures.check(backend + [flows.path])
            #expect(performed.status == 0, "\(backend): \(performed.output)\(performed.error)")
        }
    }

    @Test(arguments: [[], ["--frobnicate", "x.json"], ["--backend"]])
    func aUsageErrorExitsTwo(arguments: [String]) throws {
        let run = try FlowFileFixtures.check(arguments)
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("navigation-server flows: "), "\(run.error)")
        #expect(run.output.isEmpty)
    }

    @Test func theFlowsCommandSaysWhatItTakes() throws {
        let help = try FlowFileFixtures.run(["flows", "--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: navigation-server flows check"))
        let unknown = try FlowFileFixtures.run(["flows", "frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.error.hasPrefix("navigation-server flows: unknown subcommand 'frobnicate'"))
    }
}
