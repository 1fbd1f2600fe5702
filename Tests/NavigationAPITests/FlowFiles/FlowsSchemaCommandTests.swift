import Foundation
import JSON
import NavigationServerRuntime
import TestSupport
import Testing

/// `navigation-server flows schema`: the flow-file format's JSON Schema, as
/// the repository holds it, for editors and CI validators.
@Suite("Flow files: the flows schema command", .timeLimit(.minutes(10)), .hangGuard)
struct FlowsSchemaCommandTests {
    static let schemaFile = OpenAPIDocumentTests.repositoryRoot.appendingPathComponent("Sources/FlowFiles/Format/flow-file.schema.json")

    @Test func printsTheSchemaFileOfTheRepositoryByteForByte() throws {
        let run = try FlowFileFixtures.run(["flows", "schema"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.isEmpty)
        let file = try [UInt8](Data(contentsOf: Self.schemaFile))
        #expect(Array(run.output.utf8) == file)
    }

    @Test func theSchemaIsJSONOfDraft2020_12() throws {
        let run = try FlowFileFixtures.run(["flows", "schema"])
        let schema = try #require(try JSONParser.parse(run.output).objectValue)
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["$id"]?.stringValue?.isEmpty == false)
        #expect(schema["title"]?.stringValue?.isEmpty == false)
        #expect(schema["type"] == "object")
        #expect(schema["additionalProperties"] == false)
    }

    @Test(arguments: [["notes.json"], ["--pretty"], ["--help"]])
    func anArgumentIsAUsageErrorExitingTwo(arguments: [String]) throws {
        let run = try FlowFileFixtures.run(["flows", "schema"] + arguments)
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("navigation-server flows: flows schema takes no arguments, not '\(arguments[0])'\n"), "\(run.error)")
        #expect(run.output.isEmpty)
    }

    @Test func bothHelpTextsNameIt() throws {
        let help = try FlowFileFixtures.run(["flows", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("\n       navigation-server flows schema\n"), "\(help.output)")
        #expect(help.output.contains("\n  schema "), "\(help.output)")
        #expect(ConfigurationParser.usage.contains("\nnavigation-server flows schema\n"))
    }
}
