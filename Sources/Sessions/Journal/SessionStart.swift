import Coordination

/// What a session was started with: the body of its `created` record.
public struct SessionStart: Sendable, Equatable {
    /// The flow's name and the version of it that recorded the session.
    public var flow: String
    public var flowVersion: Int
    /// The SHA-256 of the content the flow version was made from, for a
    /// flow made from data (``Coordination/Flow/source``): the session
    /// replays only on a flow of that content. Nil for a Swift flow.
    public var flowSHA256: String?
    /// The context, validated and with the flow's defaults filled in.
    public var context: JSONObject
    /// Who created it, with `--auth jwt`; nil otherwise.
    public var owner: SessionOwner?
    /// The seed of its random numbers (``CoordinatorEnvironment/random``);
    /// journals written before it existed replay with 0.
    public var seed: UInt64
    /// The deep link it was created with (`POST /v1/sessions` with
    /// `link`): opened as part of its start, so creation and link are one
    /// record.
    public var link: String?
    /// The patches its start took the new branch of (``Session/startPatches``).
    public var patches: [String] {
        get { markers ?? [] }
        set { markers = newValue.isEmpty ? nil : newValue }
    }
    /// ``patches``, nil when there are none (most starts).
    private var markers: [String]?

    public init(
        flow: String, flowVersion: Int, context: JSONObject, owner: SessionOwner? = nil, seed: UInt64 = 0,
        link: String? = nil, patches: [String] = [], flowSHA256: String? = nil
    ) {
        self.init(
            flow: flow, flowVersion: flowVersion, context: context, owner: owner, seed: seed, link: link,
            markers: patches.isEmpty ? nil : patches, flowSHA256: flowSHA256)
    }

    /// ``init(flow:flowVersion:context:owner:seed:link:patches:flowSHA256:)``
    /// with the markers as a session keeps them (``Session/startMarkers``).
    package init(
        flow: String, flowVersion: Int, context: JSONObject, owner: SessionOwner?, seed: UInt64, link: String?, markers: [String]?,
        flowSHA256: String? = nil
    ) {
        self.flow = flow
        self.flowVersion = flowVersion
        self.flowSHA256 = flowSHA256
        self.context = context
        self.owner = owner
        self.seed = seed
        self.link = link
        self.markers = markers
    }

    /// The record body: `{"flow","flowVersion","context"}` in that order
    /// (`"flowSHA256"` between the version and the context for a flow made
    /// from data), then `"owner":{"iss","sub"}` when there is one, `"seed"` (a decimal
    /// string: 64 bits do not fit a JSON number) when it is not 0,
    /// `"link"` when there is one and `"patches"` when it marked any, so a
    /// journal written before any of them existed reads the same.
    /// `digest`: the document the start produced, last (``JournalEntry``).
    func write(to writer: inout JSONWriter, migratedFrom olderVersion: Int? = nil, digest: DocumentDigest? = nil) {
        writer.writeObject { body in
            body.member("flow", flow)
            body.member("flowVersion") { $0.writeNumber(Double(flowVersion)) }
            if let flowSHA256 { body.member("flowSHA256", flowSHA256) }
            body.member("context", .object(context))
            if let owner {
                body.member("owner") { writer in
                    writer.writeObject { member in
                        if let issuer = owner.issuer { member.member("iss", issuer) }
                        member.member("sub", owner.subject)
                    }
                }
            }
            if seed != 0 { body.member("seed") { $0.writeDigitString(seed) } }
            if let link { body.member("link", link) }
            if let markers { body.member("patches", PatchMarkers.json(markers)) }
            if let olderVersion { body.member("fromVersion", olderVersion) }
            if let digest { body.member("digest") { digest.writeString(to: &$0) } }
        }
    }

    /// Decodes a created record's body; nil when it is not one.
    init?(_ object: JSONObject) {
        guard let flow = object["flow"]?.stringValue, let flowVersion = object["flowVersion"]?.intValue,
            let context = object["context"]?.objectValue
        else { return nil }
        let flowSHA256 = object["flowSHA256"]
        guard flowSHA256 == nil || flowSHA256?.stringValue.map(FlowSource.isDigest) == true else { return nil }
        var owner: SessionOwner?
        if let member = object["owner"] {
            guard let subject = member["sub"]?.stringValue else { return nil }
            let issuer = member["iss"]
            guard issuer == nil || issuer?.stringValue != nil else { return nil }
            owner = SessionOwner(issuer: issuer?.stringValue, subject: subject)
        }
        var seed: UInt64 = 0
        if let member = object["seed"] {
            guard let text = member.stringValue, let value = UInt64(text) else { return nil }
            seed = value
        }
        let link = object["link"]
        guard link == nil || link?.stringValue != nil else { return nil }
        guard let patches = PatchMarkers.decode(object["patches"]) else { return nil }
        self.init(
            flow: flow, flowVersion: flowVersion, context: context, owner: owner, seed: seed, link: link?.stringValue,
            patches: patches, flowSHA256: flowSHA256?.stringValue)
    }

    /// The body's members, as `journal print` shows them.
    public var members: JSONObject {
        var object: JSONObject = ["flow": .string(flow), "flowVersion": .number(Double(flowVersion)), "context": .object(context)]
        if let flowSHA256 { object["flowSHA256"] = .string(flowSHA256) }
        if let owner {
            var ownerObject: JSONObject = [:]
            if let issuer = owner.issuer { ownerObject["iss"] = .string(issuer) }
            ownerObject["sub"] = .string(owner.subject)
            object["owner"] = .object(ownerObject)
        }
        if seed != 0 { object["seed"] = .string(String(seed)) }
        if let link { object["link"] = .string(link) }
        if !patches.isEmpty { object["patches"] = PatchMarkers.json(patches) }
        return object
    }
}
