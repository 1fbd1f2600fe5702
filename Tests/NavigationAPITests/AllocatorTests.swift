import Foundation
import TestSupport
import Testing

/// The executable runs on jemalloc, not glibc's malloc (README, Performance:
/// about 12 % of an event's CPU time).
@Suite("allocator", .timeLimit(.minutes(10)), .hangGuard)
struct AllocatorTests {
    @Test func theServerLinksJemalloc() throws {
        let server = try LaunchedServer([])
        // Read to the end: /proc files report a size of 0.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(server.process.processIdentifier)/maps"))
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        #expect(maps.contains("/libjemalloc.so"), "\(maps.count) bytes of maps")
        #expect(try server.stop().status == 0)
    }

    /// jemalloc reads `MALLOC_CONF` when it serves its first allocation,
    /// and `stats_print` has it print its statistics at exit: they appear
    /// only if jemalloc, not glibc, served the process.
    /// ThreadSanitizer's runtime takes over malloc in the whole process, so
    /// under `make tsan` jemalloc is linked but serves nothing.
    @Test(.enabled(if: !ThreadSanitizer.isActive)) func jemallocServesTheAllocations() throws {
        let server = try LaunchedServer([], environment: ["MALLOC_CONF": "stats_print:true"])
        #expect(try server.client().request("GET", "/healthz").status == 200)
        let (status, log) = try server.stop()
        #expect(status == 0)
        #expect(log.contains { $0.contains("Begin jemalloc statistics") }, "\(log.suffix(3))")
    }
}
