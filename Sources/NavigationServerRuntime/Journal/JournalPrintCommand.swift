import Coordination
import Sessions

/// `navigation-server journal print ID`: the session's records, one compact
/// JSON line each, the record's fields first and then its body's:
///
/// ```
/// {"version":1,"kind":"created","time":"2026-11-29T14:58:18.123Z","flow":"exchange","flowVersion":1,"context":{}}
/// {"version":2,"kind":"event","time":"2026-11-29T14:58:20.456Z","screen":"s1","event":"select","payload":{"code":"USD"}}
/// {"version":3,"kind":"ended","time":"2026-11-29T14:59:01.000Z","reason":"ended"}
/// ```
enum JournalPrintCommand {
    /// Writes the records after version `since`; returns the exit status (1
    /// if a record's body cannot be decoded: it is printed as `body` text).
    static func run(_ source: JournalSource, sessionID: String, since: Int) throws(JournalCommandError) -> Int32 {
        let records: [JournalRecord]
        do throws(StoreError) {
            records = try source.records(of: sessionID, after: since)
        } catch .notFound {
            throw .failure("no session \(sessionID) in \(source.name)")
        } catch {
            throw JournalCommandError(error)
        }
        var status: Int32 = 0
        for record in records {
            var line: JSONObject = [
                "version": .number(Double(record.version)),
                "kind": .string(kindName(record.kind)),
                "time": .string(JournalTimeText.timestamp(milliseconds: record.time)),
            ]
            do {
                for member in try body(of: record) { line[member.key] = member.value }
            } catch {
                line["body"] = .string(String(decoding: record.body, as: UTF8.self))
                StandardStream.error.writeLine("navigation-server journal: \(error)")
                status = 1
            }
            var writer = JSONWriter(capacity: 128 + record.body.count)
            writer.write(.object(line))
            writer.writeRaw("\n")
            StandardStream.output.write(writer.bytes)
        }
        return status
    }

    /// The body's fields, decoded by ``JournalEntry`` so that a malformed
    /// body is reported rather than printed as if it were right.
    private static func body(of record: JournalRecord) throws(JournalEntryError) -> JSONObject {
        let (entry, patches, digest) = try JournalEntry.decoding(record)
        var members: JSONObject
        switch entry {
        case .created(let start):
            members = start.members
        case .migrated(let start, let olderVersion):
            members = start.members
            members["fromVersion"] = .number(Double(olderVersion))
        case .event(let event):
            members = ["screen": .string(event.screen), "event": .string(event.event), "payload": .object(event.payload)]
        case .link(let link):
            members = ["link": .string(link)]
        case .outcome(let effect, let outcome):
            members = ["effect": .string(effect), "outcome": outcome.json]
        case .ended(let reason):
            members = ["reason": .string(reason.rawValue)]
        }
        if !patches.isEmpty { members["patches"] = PatchMarkers.json(patches) }
        if let digest { members["digest"] = .string(digest.description) }
        return members
    }

    private static func kindName(_ kind: JournalRecord.Kind) -> String {
        switch kind {
        case .created: "created"
        case .event: "event"
        case .link: "link"
        case .outcome: "outcome"
        case .ended: "ended"
        case .migrated: "migrated"
        }
    }
}
