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
    /// set, in `directory` (or this process's working directory), and waits.
    init(_ arguments: [String], environment: [String: String] = [:], in directory: String? = nil) throws {
        let executable = ServerExecutableTests.executableURL
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no binary at \(executable.path)")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["journal"] + arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Both pipes drain at once, so that neither fills while the other is read.
        let errorText = LockedBox("")
        let errorRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            errorText.withLock { $0 = text }
            errorRead.signal()
        }
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        errorRead.wait()
        process.waitUntilExit()
        status = process.terminationStatus
        self.output = outputText
        self.error = errorText.withLock { $0 }
    }
}
