import Foundation
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import FileStore

/// How long opening a journal of 100 000 sessions takes and how many bytes a
/// session costs on disk. Prints, asserts nothing about time; runs only with
/// `SESSIONS_STORE_BENCHMARK=1` (it writes 500 000 records).
@Suite("FileStore open benchmark", .timeLimit(.minutes(10)), .hangGuard)
struct OpenBenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SESSIONS_STORE_BENCHMARK"] == "1"))
    func openOneHundredThousandSessionsOfFiveRecords() throws {
        let sessions = 100_000
        let directory = TemporaryDirectory()
        let created = Array(#"{"flow":"app","flowVersion":1,"context":{"locale":"en"}}"#.utf8)
        let event = Array(#"{"screen":"s12","event":"push","payload":{"name":"detail"}}"#.utf8)
        let store = try FileStore(directory: directory.path, options: options(fsync: .no))
        let writeStart = Date()
        for version in 1...5 {
            for session in 1...sessions {
                let record = JournalRecord(
                    sessionID: Journal.id(session), version: version, kind: version == 1 ? .created : .event,
                    time: 1_700_000_000_000 + Int64(version), body: version == 1 ? created : event
                )
                try store.append(record, expectedVersion: version - 1)
            }
        }
        let writeSeconds = Date().timeIntervalSince(writeStart)
        store.close()

        let openStart = Date()
        let reopened = try FileStore(directory: directory.path, options: options(fsync: .no))
        let openSeconds = Date().timeIntervalSince(openStart)
        let count = reopened.sessions().count
        reopened.close()
        #expect(count == sessions)

        let bytes = directory.segmentNames().reduce(0) { $0 + directory.bytes(of: $1).count }
        print(
            """
            FileStore benchmark: \(sessions) sessions x 5 records, \(directory.segmentNames().count) segment(s), \(bytes) bytes
              append (fsync no): \(String(format: "%.2f", writeSeconds)) s, \(String(format: "%.1f", writeSeconds / Double(5 * sessions) * 1e6)) us per record
              open: \(String(format: "%.3f", openSeconds)) s
              bytes per session on disk: \(bytes / sessions) (bodies \(created.count + 4 * event.count), framing \(5 * 41))
            """)
    }
}
