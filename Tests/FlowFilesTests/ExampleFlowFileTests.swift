import FlowFiles
import Foundation
import TestSupport
import Testing

/// Every flow file under `examples/flows/` reads with no problem: the
/// examples the guides point to cannot rot. `twins/` holds built-in Swift
/// flows written as files (``FlowFileTwinTests`` walks each beside its twin).
@Suite("Flow files: the examples read", .timeLimit(.minutes(10)), .hangGuard)
struct ExampleFlowFileTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/flows")

    /// The examples' paths under `examples/flows/`: its own files, then those of `twins/`.
    static var files: [String] {
        ["", "twins/"].flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: examples.appendingPathComponent(directory).path)) ?? [])
                .filter { $0.hasSuffix(".json") }.sorted().map { directory + $0 }
        }
    }

    /// The flow of the example at `path` (under `examples/flows/`).
    static func flow(_ path: String) throws -> Flow {
        let bytes = try [UInt8](Data(contentsOf: examples.appendingPathComponent(path)))
        return try FlowFile.definition(of: bytes, file: path).flow()
    }

    @Test func thereAreExamples() {
        #expect(Self.files.contains("notes.json"))
        #expect(Self.files.contains("twins/exchange.json"))
    }

    @Test(arguments: files)
    func readsWithNoProblem(file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.examples.appendingPathComponent(file)))
        let definition = try FlowFile.definition(of: bytes, file: file)
        #expect(definition.name + ".json" == file.split(separator: "/").last.map(String.init))
    }
}
