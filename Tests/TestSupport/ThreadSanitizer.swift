import Foundation

/// The children of a test process that runs under ThreadSanitizer (`make
/// tsan` builds them with it too) run with its options, and their race
/// reports count.
public enum ThreadSanitizer {
    /// Whether this process carries the ThreadSanitizer runtime.
    public static let isActive = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

    /// The exit status of a process ThreadSanitizer stopped (its `exitcode`
    /// option's default).
    public static let exitStatus: Int32 = 66

    /// The options children get: this process's own `TSAN_OPTIONS` (`make
    /// tsan` sets `halt_on_error` and the suppressions file), or those two
    /// when it has none.
    static var options: String {
        ProcessInfo.processInfo.environment["TSAN_OPTIONS"]
            ?? "halt_on_error=1 suppressions=\(repositoryRoot)/.ci/tsan-suppressions.txt"
    }

    /// The checkout this file is in: Tests/TestSupport/ThreadSanitizer.swift.
    static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// `environment` plus `TSAN_OPTIONS` when this process runs under
    /// ThreadSanitizer and the test did not set them itself.
    static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        guard isActive, environment["TSAN_OPTIONS"] == nil else { return environment }
        return environment.merging(["TSAN_OPTIONS": options]) { own, _ in own }
    }

    /// The race report in a child's stderr: from its first ThreadSanitizer
    /// warning on; or, under ThreadSanitizer, a note when it exited with
    /// ThreadSanitizer's status without one. Nil when there is none.
    static func raceReport(stderr: String, status: Int32?) -> String? {
        if let warning = stderr.range(of: "WARNING: ThreadSanitizer") {
            return String(stderr[warning.lowerBound...].prefix(32768))
        }
        if isActive, status == exitStatus {
            return "it exited with ThreadSanitizer's status \(exitStatus); its stderr ends:\n\(stderr.suffix(4096))"
        }
        return nil
    }
}
