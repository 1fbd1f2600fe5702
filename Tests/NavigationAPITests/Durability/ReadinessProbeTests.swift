import FileStore
import Foundation
import Sessions
import TestSupport
import Testing

/// `/readyz` follows the disk both ways by itself: the file store probes
/// it (a small file written and fsynced, at most once a second), so a disk
/// that fills up, or a directory that turns read-only, makes `/readyz` 503
/// and fixing it makes `/readyz` 200 again, with no other request sent.
@Suite("Durability: readiness follows the disk", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct ReadinessProbeTests {
    /// Asks `/readyz` until it answers `status`; false if it never does
    /// within a generous bound (the machine is shared).
    static func readyz(becomes status: Int, _ client: TestHTTPClient) throws -> Bool {
        let giveUp = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < giveUp {
            if try client.request("GET", "/readyz").status == status { return true }
            usleep(50_000)
        }
        return false
    }

    static func server(on data: String) throws -> (TestServer, FileStore) {
        var options = FileStoreOptions()
        options.fsync = .always
        let store = try FileStore(directory: data, options: options)
        return (try TestServer(store: store), store)
    }

    @Test(.enabled(if: DiskFullTests.canMountTmpfs, "mount -t tmpfs is not permitted here (needs root)"))
    func aFullDiskTurnsReadinessOffAndFreedSpaceOnAgain() throws {
        try DiskFullTests.withTmpfs { mountPoint in
            let (server, store) = try Self.server(on: mountPoint + "/data")
            defer { store.close() }
            let client = server.client()
            #expect(try client.request("GET", "/readyz").status == 200)

            let filler = mountPoint + "/filler"
            try #require(DiskFullTests.fill(filler) > 0)
            #expect(try Self.readyz(becomes: 503, client), "/readyz stayed 200 on a full disk")
            expectProblem(try client.request("GET", "/readyz"), 503, "store-unavailable")

            try FileManager.default.removeItem(atPath: filler)
            #expect(try Self.readyz(becomes: 200, client), "/readyz stayed 503 once space was back")
        }
    }

    /// A read-only bind mount over the data directory stands for a file
    /// system remounted read-only (new files cannot be made there).
    @Test(.enabled(if: DiskFullTests.canMountTmpfs, "mount is not permitted here (needs root)"))
    func aReadOnlyDirectoryTurnsReadinessOffAndWritableOnAgain() throws {
        let data = try LaunchedServer.freshDirectory().path
        let (server, store) = try Self.server(on: data)
        defer { store.close() }
        let client = server.client()
        #expect(try client.request("GET", "/readyz").status == 200)

        try #require(mount(data, data, nil, UInt(MS_BIND), nil) == 0)
        defer { umount(data) }
        try #require(mount(data, data, nil, UInt(MS_REMOUNT | MS_BIND | MS_RDONLY), nil) == 0)
        #expect(try Self.readyz(becomes: 503, client), "/readyz stayed 200 on a read-only directory")

        try #require(umount(data) == 0)
        #expect(try Self.readyz(becomes: 200, client), "/readyz stayed 503 once the directory was writable")
    }
}
