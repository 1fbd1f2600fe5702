import Foundation
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// Who besides the server's user can write its data directory.
@Suite("Data directory access", .timeLimit(.minutes(10)), .hangGuard)
struct DataDirectoryAccessTests {
    @Test func onlyItsOwnerWritingIsFine() throws {
        let directory = TemporaryDirectory()
        for mode: mode_t in [0o700, 0o755, 0o750, 0o711, 0o1700] {
            try #require(chmod(directory.path, mode) == 0)
            #expect(DataDirectoryAccess.othersCanWrite(directory.path) == nil, "mode \(String(mode, radix: 8))")
        }
        #expect(DataDirectoryAccess.othersCanWrite(directory.path + "/missing") == nil)
    }

    @Test func groupOrWorldWritableIsSaid() throws {
        let directory = TemporaryDirectory()
        let cases: [(mode_t, String)] = [
            (0o770, "group-writable (mode 0770)"), (0o702, "world-writable (mode 0702)"),
            (0o777, "group-writable, world-writable (mode 0777)"), (0o1777, "group-writable, world-writable (mode 1777)"),
        ]
        for (mode, expected) in cases {
            try #require(chmod(directory.path, mode) == 0)
            #expect(DataDirectoryAccess.othersCanWrite(directory.path) == expected)
        }
    }

    /// Another user owns it (needs root to hand it over; skipped without).
    @Test func anotherUsersDirectoryIsSaid() throws {
        let directory = TemporaryDirectory()
        try #require(chmod(directory.path, 0o700) == 0)
        guard chown(directory.path, 4_242, 4_242) == 0 else {
            try Test.cancel("cannot chown (not root)")
        }
        #expect(
            DataDirectoryAccess.othersCanWrite(directory.path) == "owned by uid 4242, not by this process's uid \(geteuid()) (mode 0700)")
    }
}
