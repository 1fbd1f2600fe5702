import FileStore
import Foundation
import Sessions
import TestSupport
import Testing

/// docs/durability.md#what-is-promised-and-how-it-is-tested: a store that
/// cannot write answers `503` with `Retry-After` and problem type
/// `store-unavailable`, `/readyz` 503, nothing half-applied; service resumes by
/// itself once space is back. The journal lives on a 512 KiB tmpfs that a
/// filler file fills up.
@Suite("Durability: disk full", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct DiskFullTests {
    /// Mounting a tmpfs needs root (CAP_SYS_ADMIN); without it the test is skipped.
    static let canMountTmpfs: Bool = {
        guard let probe = try? LaunchedServer.freshDirectory().path else { return false }
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard mountTmpfs(at: probe) else { return false }
        unmount(probe)
        return true
    }()

    static func mountTmpfs(at path: String) -> Bool {
        mount("tmpfs", path, "tmpfs", 0, "size=512k") == 0
    }

    static func unmount(_ path: String) {
        _ = umount(path)
    }

    /// Runs `body` with a fresh 512 KiB tmpfs, unmounted and removed after.
    static func withTmpfs(_ body: (_ mountPoint: String) throws -> Void) throws {
        let mountPoint = try LaunchedServer.freshDirectory().path
        try #require(mountTmpfs(at: mountPoint))
        defer {
            unmount(mountPoint)
            try? FileManager.default.removeItem(atPath: mountPoint)
        }
        try body(mountPoint)
    }

    @Test(.enabled(if: canMountTmpfs, "mount -t tmpfs is not permitted here (needs root)"))
    func aFullDiskRefusesEventsWithoutChangingTheSessionAndRecovers() throws {
        try Self.withTmpfs { mountPoint in
            var options = FileStoreOptions()
            options.fsync = .always
            let store = try FileStore(directory: mountPoint + "/data", options: options)
            defer { store.close() }
            let server = try TestServer(store: store)
            let client = server.client()
            var session = try client.createSession("exchange")
            try client.apply("select", ["code": "USD"], to: &session)

            // Everything else the tmpfs holds goes to the filler.
            let filler = mountPoint + "/filler"
            try #require(Self.fill(filler) > 0)

            var refused: TestResponse?
            for attempt in 0..<2_000 {
                let response = try client.send("convert", ["amount": .number(Double(attempt + 1))], to: session)
                if response.status == 200 {
                    session.document = try #require(response.json)
                    continue
                }
                refused = response
                break
            }
            let response = try #require(refused, "no event was refused on a full disk")
            expectProblem(response, 503, "store-unavailable")
            #expect(response.header("Retry-After").flatMap { Int($0) }.map { $0 > 0 } == true, "\(response.headers)")

            // The refused event was taken back: the same version and document as before it.
            let afterRefusal = try client.request("GET", session.path)
            #expect(afterRefusal.status == 200)
            #expect(afterRefusal.json == session.document)
            #expect(try client.request("GET", "/readyz").status == 503)
            #expect(try client.metric("navigation_store_available") == 0)

            // Space is back: the next event is journaled and the server is ready again.
            try FileManager.default.removeItem(atPath: filler)
            let previousVersion = session.version
            try client.apply("convert", ["amount": 7], to: &session)
            #expect(session.version == previousVersion + 1)
            #expect(try client.request("GET", "/readyz").status == 200)
            #expect(try client.metric("navigation_store_available") == 1)
            #expect(try store.records(of: session.id, after: 0).count == session.version)
        }
    }

    /// Writes `path` until the file system is full; returns the bytes written.
    static func fill(_ path: String) -> Int {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0xAB, count: 4096)
        var total = 0
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { return total }
            total += written
        }
    }
}
