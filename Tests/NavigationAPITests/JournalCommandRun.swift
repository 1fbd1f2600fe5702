import Foundation
import TestSupport
import Testing

/// One finished run of `navigation-server journal …`: exit status, stdout
/// and stderr.
struct JournalCommandRun {
    let status: Int32
    let output: String
    let error: String

    var lines: [String] { output.split(separator: "\n").map(String.init) }

    /// Runs `navigation-server journal` with `arguments`, only `environment`
    /// set, in `directory` (or this process's working directory), and waits
    /// (bounded: a command that hangs is dumped, killed and fails the test).
    init(
        _ arguments: [String], environment: [String: String] = [:], in directory: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let child = try ChildProcess(
            try ServerExecutableTests.requireExecutable(), ["journal"] + arguments, environment: environment,
            directory: directory.map { URL(fileURLWithPath: $0) }, sourceLocation: sourceLocation)
        let exit = try child.waitForExit()
        #expect(exit.exited, "navigation-server journal ended by signal \(exit.status)", sourceLocation: sourceLocation)
        status = exit.status
        output = child.output
        error = child.errorOutput
    }
}
