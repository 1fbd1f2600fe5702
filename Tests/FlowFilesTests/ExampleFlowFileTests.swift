import FlowFiles
import Foundation
import TestSupport
import Testing

/// Every flow file under `examples/flows/` reads with no problem: the
/// examples the guides point to cannot rot.
@Suite("Flow files: the examples read", .timeLimit(.minutes(10)), .hangGuard)
struct ExampleFlowFileTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/flows")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func thereAreExamples() {
        #expect(Self.files.contains("notes.json"))
    }

    @Test(arguments: files)
    func readsWithNoProblem(file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.examples.appendingPathComponent(file)))
        let definition = try FlowFile.definition(of: bytes, file: file)
        #expect(definition.name + ".json" == file)
    }
}
