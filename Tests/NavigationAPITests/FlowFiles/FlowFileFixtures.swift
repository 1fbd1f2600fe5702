import Foundation
import TestSupport
import Testing

/// Flow files for the tests of `--flows` and `flows check`, and the runs of
/// the binary that read them.
enum FlowFileFixtures {
    /// `examples/flows/notes.json`, as the guide walks it.
    static var notes: String {
        get throws {
            let url = OpenAPIDocumentTests.repositoryRoot.appendingPathComponent("examples/flows/notes.json")
            return try String(contentsOf: url, encoding: .utf8)
        }
    }

    /// Two problems: an unknown action, and a push of a screen that does not exist.
    static let brokenTwice = """
        {
          "flow": "broken", "version": 1, "root": "Main",
          "coordinators": {
            "Main": {
              "start": [ { "setRoot": "home" }, { "shove": "home" } ],
              "screens": { "home": { "events": { "go": { "do": [ { "push": "nowhere" } ] } } } }
            }
          }
        }
        """

    /// A flow whose one event asks for the effect `billing.invoice`.
    static let payment = """
        {
          "flow": "pay", "version": 1, "root": "Main",
          "coordinators": {
            "Main": {
              "start": [ { "setRoot": "cart" } ],
              "screens": {
                "cart": {
                  "events": {
                    "pay": { "do": [ { "perform": "billing.invoice", "input": {}, "then": [], "else": [] } ] }
                  }
                }
              }
            }
          }
        }
        """

    /// A new directory holding `files` (name: contents).
    static func directory(_ files: [String: String]) throws -> URL {
        let directory = try LaunchedServer.freshDirectory()
        for (name, contents) in files {
            try Data(contents.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    /// One finished run of the binary: exit status, stdout and stderr.
    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    /// A start of the server that must end by itself (a refused start), in
    /// a fresh working directory.
    static func start(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        try run(["--port=0"] + arguments, sourceLocation: sourceLocation)
    }

    /// `navigation-server flows check` with `arguments`.
    static func check(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        try run(["flows", "check"] + arguments, sourceLocation: sourceLocation)
    }

    static func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        let child = try ChildProcess(
            try ServerExecutableTests.requireExecutable(), arguments, directory: try LaunchedServer.freshDirectory(),
            sourceLocation: sourceLocation)
        let exit = try child.waitForExit()
        #expect(exit.exited, "navigation-server ended by signal \(exit.status)", sourceLocation: sourceLocation)
        return Run(status: exit.status, output: child.output, error: child.errorOutput)
    }
}
