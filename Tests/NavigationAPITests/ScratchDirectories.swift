import Foundation

/// Where the tests of this process make their directories (journals, data
/// copies, servers' working directories): one parent under the system's
/// temporary directory, removed when the test process exits, so that no
/// `make test` leaves journals behind. A process that crashes leaves it, to
/// be looked at.
enum ScratchDirectories {
    private static let parent: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("navigation-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        atexit { try? FileManager.default.removeItem(at: ScratchDirectories.parent) }
        return url
    }()

    /// A new empty directory.
    static func fresh() throws -> URL {
        let url = parent.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
