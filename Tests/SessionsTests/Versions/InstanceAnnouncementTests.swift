import TestSupport
import Testing

@testable import Sessions

/// The line an instance leases: every flow name survives it, and a line
/// that is not one is not read.
@Suite("Instance announcements", .timeLimit(.minutes(10)), .hangGuard)
struct InstanceAnnouncementTests {
    @Test func aLineSpellsTheVersionsOfEveryFlow() throws {
        let announcement = InstanceAnnouncement(
            instance: "pid-7-00000000000000ff", versions: ["notes": [1, 2], "a b=c,\"é": [3]])
        #expect(announcement.encoded == #"{"instance":"pid-7-00000000000000ff","flows":{"a b=c,\"é":[3],"notes":[1,2]}}"#)
        #expect(InstanceAnnouncement(decoding: announcement.encoded) == announcement)
        #expect(InstanceAnnouncement(decoding: #"{"instance":"solo","flows":{}}"#) == InstanceAnnouncement(instance: "solo", versions: [:]))
    }

    @Test(arguments: [
        "", "solo", "{}", #"{"instance":"","flows":{}}"#, #"{"instance":7,"flows":{}}"#, #"{"instance":"i"}"#,
        #"{"instance":"i","flows":[]}"#, #"{"instance":"i","flows":{"notes":1}}"#, #"{"instance":"i","flows":{"notes":["1"]}}"#,
        #"{"instance":"i","flows":{"notes":[1.5]}}"#,
    ])
    func aMalformedLineIsNotRead(_ line: String) {
        #expect(InstanceAnnouncement(decoding: line) == nil)
    }

    @Test func aLineLongerThanTheLimitIsNotRead() {
        let versions = Array(1...(InstanceAnnouncement.maximumBytes / 2))
        let line = InstanceAnnouncement(instance: "i", versions: ["notes": versions]).encoded
        #expect(line.utf8.count > InstanceAnnouncement.maximumBytes)
        #expect(InstanceAnnouncement(decoding: line) == nil)
    }

    @Test func instanceNamesAreUnique() {
        let names = (0..<100).map { _ in InstanceAnnouncement.newInstanceName(processID: 42) }
        #expect(Set(names).count == 100)
        #expect(names.allSatisfy { $0.hasPrefix("pid-42-") && $0.utf8.count == 7 + 16 })
    }
}
