import FileStore
import Foundation
import Sessions
import TestSupport
import Testing

/// The segment files of a data directory, read the way SegmentFormat lays
/// them out, so that fault tests can cut, flip and patch bytes at exact
/// places.
enum JournalFiles {
    static let headerSize = 16
    static let frameHeaderSize = 12

    /// The segment files of `directory`, oldest first.
    static func segments(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix("journal-") && $0.hasSuffix(".seg") }
            .sorted()
            .map { directory + "/" + $0 }
    }

    /// The newest segment: the one a crash can leave torn.
    static func newestSegment(in directory: String) throws -> String {
        try #require(try segments(in: directory).last, "no segment in \(directory)")
    }

    /// Each record's byte range in `segment`, from the length in its frame.
    static func recordRanges(in segment: String) throws -> [Range<Int>] {
        let bytes = try bytes(of: segment)
        var ranges: [Range<Int>] = []
        var offset = headerSize
        while offset + frameHeaderSize <= bytes.count {
            let length = Int(littleEndianUInt32(bytes, at: offset))
            let end = offset + frameHeaderSize + length
            try #require(end <= bytes.count, "record at \(offset) runs past the end of \(segment)")
            ranges.append(offset..<end)
            offset = end
        }
        try #require(offset == bytes.count, "\(segment) does not end on a record boundary")
        return ranges
    }

    static func bytes(of path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func truncate(_ path: String, to size: Int) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(size))
    }

    /// A copy of `directory` in a fresh temporary directory, without the
    /// `LOCK` file of the store that wrote it.
    static func copy(_ directory: String) throws -> String {
        let copy = try LaunchedServer.freshDirectory().path
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name != "LOCK" {
            try FileManager.default.copyItem(atPath: directory + "/" + name, toPath: copy + "/" + name)
        }
        return copy
    }

    static func littleEndianUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    /// Runs `navigation-server` with `arguments` (and `environment`) until it exits on its own
    /// (a refused start), returning its exit status and stderr. Fails if it
    /// starts listening instead.
    static func runToExit(
        _ arguments: [String], environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (status: Int32, stderr: String) {
        let child = try ChildProcess(
            try ServerExecutableTests.requireExecutable(), ["--port=0"] + arguments, environment: environment,
            sourceLocation: sourceLocation)
        try child.wait(for: "an exit or a listening line") { !$0.isRunning || $0.output.contains("\n") }
        if child.isRunning {
            Issue.record("navigation-server started where it should have refused: \(child.output)", sourceLocation: sourceLocation)
        }
        let exit = child.isRunning ? child.kill() : try child.waitForExit()
        return (exit.status, child.errorOutput)
    }
}
