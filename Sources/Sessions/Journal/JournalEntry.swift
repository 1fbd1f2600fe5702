import Coordination

/// What a journal record says, decoded: the body of a ``JournalRecord`` in
/// the terms of sessions.
///
/// Bodies are compact JSON, so an operator can read them with
/// `navigation-server journal print`:
/// - created: `{"flow":"exchange","flowVersion":1,"context":{…}}`, with
///   `"owner":{"iss":…,"sub":…}` for a session created with a token, and
///   `"flowSHA256":"…"` after the version for a flow made from a flow file
///   (the content the session is pinned to)
/// - event: `{"screen":"s2","event":"convert","payload":{"amount":100}}`
/// - link: `{"link":"/rates/USD"}`
/// - outcome: `{"effect":"e1","outcome":{"success":{…}}}` or
///   `{"effect":"e1","outcome":{"failure":{"kind":"rejected","message":"…","status":401}}}`
/// - every change (created, event, link, outcome) that took a patch's new
///   branch adds `"patches":["id",…]` (``CoordinatorEnvironment/patched(_:)``)
/// - every change and start (created, event, link, outcome, migrated) ends
///   with `"digest":"5f0c41d2"`, the ``DocumentDigest`` of the document it
///   produced; records written before digests existed have none
/// - ended: `{"reason":"ended"}` (a client's `DELETE`), `{"reason":"expired"}`
///   or `{"reason":"lost"}`
/// - migrated: a created record's body and `"fromVersion":1`, the flow
///   version the session was taken over from
public enum JournalEntry: Sendable, Equatable {
    case created(SessionStart)
    case event(ClientEvent)
    /// A deep link the session opened (``Session/open(link:expectedVersion:)``).
    case link(String)
    /// What effect `effect` (`e1`) came back with: delivered to the
    /// coordinator that asked for it, or dropped if it had finished.
    case outcome(effect: String, EffectOutcome)
    case ended(reason: EndReason)
    /// A newer version of the flow took the session over from version
    /// `fromVersion` and started it as `start` says; the changes after it
    /// are that version's.
    indirect case migrated(SessionStart, fromVersion: Int)

    /// The entry that records an accepted `event`: a deep link's opening
    /// is a ``link(_:)``, any other event an ``event(_:)``.
    public static func accepted(_ event: consuming ClientEvent) -> JournalEntry {
        if let link = event.link { return .link(link) }
        return .event(event)
    }

    /// The accepted event this entry records, for ``event(_:)`` and ``link(_:)``.
    public var acceptedEvent: ClientEvent? {
        switch self {
        case .event(let event): event
        case .link(let link): ClientEvent(link: link)
        case .created, .outcome, .ended, .migrated: nil
        }
    }

    /// Why a session's journal was closed.
    public enum EndReason: String, Sendable, CaseIterable {
        /// A client ended it (`DELETE`).
        case ended
        /// It stayed idle past its time to live.
        case expired
        /// Its flow failed to replay its own events while undoing a failed
        /// one (the flow is not deterministic), so it was removed.
        case lost
    }

    /// The record kind this entry is stored as.
    public var kind: JournalRecord.Kind {
        switch self {
        case .created: .created
        case .event: .event
        case .link: .link
        case .outcome: .outcome
        case .ended: .ended
        case .migrated: .migrated
        }
    }

    /// The change of the session this entry records, accepted at `time`:
    /// an event, a link's opening or an outcome; nil for the created and
    /// ended records.
    /// `patches`: the patch markers its record holds.
    public func recordedChange(at time: Int64, patches: [String] = []) -> RecordedChange? {
        switch self {
        case .event(let event): .event(event, at: time, patches: patches)
        case .link(let link): .event(ClientEvent(link: link), at: time, patches: patches)
        case .outcome(let effect, let outcome): .outcome(outcome, of: effect, at: time, patches: patches)
        case .created, .ended, .migrated: nil
        }
    }

    /// The entry that records `change`.
    public static func recording(_ change: RecordedChange) -> JournalEntry {
        switch change.kind {
        case .event(let event): .accepted(event)
        case .outcome(let effect, let outcome): .outcome(effect: effect, outcome)
        }
    }

    /// The record's body: compact JSON, with `patches` (the markers of an
    /// event, link or outcome; a created record keeps its own in its
    /// ``SessionStart``) when there are any, and `digest` when given (an
    /// ended record has none).
    public func encodedBody(patches: [String]? = nil, digest: DocumentDigest? = nil) -> [UInt8] {
        var body: JSONObject
        switch self {
        case .created(let start):
            var writer = JSONWriter()
            start.write(to: &writer, digest: digest)
            return writer.bytes
        case .migrated(let start, let olderVersion):
            var writer = JSONWriter()
            start.write(to: &writer, migratedFrom: olderVersion, digest: digest)
            return writer.bytes
        case .event(let event):
            // One per accepted event: written straight out, the same bytes as
            // the object `{"screen", "event", "payload"}` in that order,
            // without building and checking that object first.
            var writer = JSONWriter()
            writer.writeRaw("{\"screen\":")
            writer.writeString(event.screen)
            writer.writeRaw(",\"event\":")
            writer.writeString(event.event)
            writer.writeRaw(",\"payload\":")
            writer.write(.object(event.payload))
            if let patches, !patches.isEmpty {
                writer.writeRaw(",\"patches\":")
                writer.write(PatchMarkers.json(patches))
            }
            digest?.writeMember(to: &writer)
            writer.writeRaw("}")
            return writer.bytes
        case .link(let link):
            body = ["link": .string(link)]
        case .outcome(let effect, let outcome):
            body = ["effect": .string(effect), "outcome": outcome.json]
        case .ended(let reason):
            body = ["reason": .string(reason.rawValue)]
        }
        if kind != .ended {
            if let patches, !patches.isEmpty { body["patches"] = PatchMarkers.json(patches) }
            if let digest { body["digest"] = .string(digest.description) }
        }
        return JSONValue.object(body).encoded()
    }

    /// The record of this entry for version `version` of session `id`;
    /// `patches`: the markers of the change it records; `digest`: the
    /// digest of the document it produced.
    public func record(
        sessionID id: String, version: Int, time: Int64, patches: [String]? = nil, digest: DocumentDigest? = nil
    ) -> JournalRecord {
        JournalRecord(sessionID: id, version: version, kind: kind, time: time, body: encodedBody(patches: patches, digest: digest))
    }

    /// Decodes a stored record; a body that is not what its kind says throws
    /// ``JournalEntryError`` naming the record.
    public init(_ record: JournalRecord) throws(JournalEntryError) {
        self = try Self.decoding(record).entry
    }

    /// ``init(_:)``, with the patch markers of the change the record keeps
    /// (a created record's are in its ``SessionStart``; empty for others)
    /// and the digest of the document it produced (nil when it has none,
    /// or one of another revision, ``DocumentDigest/Recorded``).
    public static func decoding(
        _ record: JournalRecord
    ) throws(JournalEntryError) -> (entry: JournalEntry, patches: [String], digest: DocumentDigest?) {
        let (object, digest) = try parsedBody(of: record)
        let (entry, patches) = try decodedEntry(object, of: record)
        return (entry, patches, digest.comparable)
    }

    /// The body's object and its digest. A body that ends with the digest,
    /// as every change this server records does, is parsed without it (its
    /// hex digits read as one word): a replay reads one such record a
    /// change.
    private static func parsedBody(
        of record: JournalRecord
    ) throws(JournalEntryError) -> (object: JSONObject, digest: DocumentDigest.Recorded) {
        let parsed = record.body.withUnsafeBufferPointer { body in
            Result { () throws(JSONParseError) -> (JSONValue, DocumentDigest?) in
                guard let (digest, count) = DocumentDigest.trailingMember(of: body) else {
                    return (try JSONParser.parse(body, keys: recordKeys), nil)
                }
                let value = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 1) { trimmed in
                    Result { () throws(JSONParseError) -> JSONValue in
                        _ = trimmed.initialize(from: UnsafeBufferPointer(rebasing: body[..<count]))
                        trimmed[count] = UInt8(ascii: "}")
                        return try JSONParser.parse(UnsafeBufferPointer(trimmed), keys: recordKeys)
                    }
                }
                return (try value.get(), digest)
            }
        }
        let value: JSONValue
        let trailing: DocumentDigest?
        do {
            (value, trailing) = try parsed.get()
        } catch {
            throw JournalEntryError(record, "its body is not JSON (\(error))")
        }
        guard let object = value.objectValue else { throw JournalEntryError(record, "its body is not a JSON object") }
        guard let member = DocumentDigest.decode(object["digest"]) else {
            throw JournalEntryError(record, "its digest must be a string")
        }
        guard let trailing else { return (object, member) }
        // A second digest before the last one: the whole body would not parse.
        guard case .absent = member else { throw JournalEntryError(record, "its body is not JSON (duplicate key \"digest\")") }
        return (object, .digest(trailing))
    }

    /// The members records have, handed back by the parser without
    /// building a `String` for each (``JSON/JSONKeys``): ~280 instructions
    /// a key, three to four keys a record, on every record a replay reads.
    /// An event record's first: a replay reads mostly those.
    private static let recordKeys = JSONKeys([
        "screen", "event", "payload", "digest", "patches", "link", "effect", "outcome", "success", "failure", "kind", "status",
        "reason", "flow", "flowVersion", "flowSHA256", "context", "seed", "owner", "sub", "iss", "fromVersion",
    ])

    private static func decodedEntry(
        _ object: JSONObject, of record: JournalRecord
    ) throws(JournalEntryError) -> (entry: JournalEntry, patches: [String]) {
        switch record.kind {
        case .created:
            guard let start = SessionStart(object) else {
                throw JournalEntryError(
                    record, "a created record needs flow, flowVersion and context (an owner with a sub, a flowSHA256 of 64 hex digits)")
            }
            return (.created(start), [])
        case .event:
            guard let screen = object["screen"]?.stringValue, let event = object["event"]?.stringValue,
                let payload = object["payload"]?.objectValue
            else { throw JournalEntryError(record, "an event record needs screen, event and payload") }
            return (.event(ClientEvent(screen: screen, event: event, payload: payload)), try patches(of: object, in: record))
        case .link:
            guard let link = object["link"]?.stringValue else { throw JournalEntryError(record, "a link record needs a link") }
            return (.link(link), try patches(of: object, in: record))
        case .outcome:
            guard let effect = object["effect"]?.stringValue, let json = object["outcome"],
                let outcome = EffectOutcome(json: json)
            else { throw JournalEntryError(record, "an outcome record needs an effect and an outcome") }
            return (.outcome(effect: effect, outcome), try patches(of: object, in: record))
        case .migrated:
            guard let start = SessionStart(object), let olderVersion = object["fromVersion"]?.intValue else {
                throw JournalEntryError(record, "a migrated record needs flow, flowVersion, context and fromVersion")
            }
            return (.migrated(start, fromVersion: olderVersion), [])
        case .ended:
            guard let text = object["reason"]?.stringValue, let reason = EndReason(rawValue: text) else {
                throw JournalEntryError(record, "an ended record needs a reason (ended, expired or lost)")
            }
            return (.ended(reason: reason), [])
        }
    }

    private static func patches(of object: JSONObject, in record: JournalRecord) throws(JournalEntryError) -> [String] {
        guard let patches = PatchMarkers.decode(object["patches"]) else {
            throw JournalEntryError(record, "its patches must be an array of strings")
        }
        return patches
    }
}

/// A stored record whose body does not decode: the journal was written by
/// something else, or damaged in a way its checksum did not catch.
public struct JournalEntryError: Error, Sendable, Equatable, CustomStringConvertible {
    public let sessionID: String
    public let version: Int
    public let reason: String

    init(_ record: JournalRecord, _ reason: String) {
        self.sessionID = record.sessionID
        self.version = record.version
        self.reason = reason
    }

    public var description: String { "record \(version) of session \(sessionID) cannot be read: \(reason)" }
}
