import CoordinationTesting
import TestSupport

@testable import Coordination

/// One event a random client sends, and what the engine must answer.
struct RandomAction: CustomStringConvertible {
    let event: ClientEvent
    let expectedVersion: Int?
    /// `nil` when the event must be accepted, else the refusal it must get.
    let expected: NavigationError.Kind?

    var description: String {
        if let link = event.link { return "link \(link) → \(expected.map { "\($0)" } ?? "accepted")" }
        return "\(event.event)\(event.payload.isEmpty ? "" : " \(JSONValue.object(event.payload))") on \(event.screen)"
            + (expectedVersion.map { " if-match \($0)" } ?? "") + " → \(expected.map { "\($0)" } ?? "accepted")"
    }
}

/// A thin client that knows no flow: it reads the session document, mostly
/// sends one of the top screen's events with a generated payload, and
/// sometimes sends something invalid on purpose. Given links, it also opens
/// them now and then, and links no pattern matches or that are malformed.
struct RandomClient {
    var rng: SplitMix64
    /// Links the flow follows (`/rates/USD`); none means the client opens no links.
    var links: [String] = []
    /// Links whose pattern matches but whose values the flow refuses (`/rates/XXX`).
    var rejectedLinks: [String] = []

    /// Links of no pattern, of any flow here.
    private static let unknownLinks = ["/nowhere", "/profile/extra", "/rates/USD/more", "/", "/Home"]
    /// Links that are not well-formed paths.
    private static let malformedLinks = ["profile", "/a/../b", "/%00", "/%zz", "/%C3%28", "/rates?code=USD", "//home"]
    /// The tab bar's tab ids, read with the last document.
    private var tabs: [String] = []

    init(rng: SplitMix64, links: [String] = [], rejectedLinks: [String] = []) {
        self.rng = rng
        self.links = links
        self.rejectedLinks = rejectedLinks
    }

    private typealias Event = DocumentScreens.Event
    private typealias Entry = DocumentScreens.Entry

    mutating func nextAction(for session: Session) throws -> RandomAction {
        let screens = DocumentScreens(document: try JSONParser.parse(session.document()))
        let (stack, touchable) = (screens.all, screens.touchable)
        self.tabs = screens.tabs
        // One screen to touch; a flow without containers has only its top.
        let candidates = touchable.filter { !$0.events.isEmpty }
        guard let first = candidates.first else { throw RandomClientError.nothingToTap }
        let top = candidates.count > 1 ? rng.pick(candidates) : first
        let version = session.version
        if !links.isEmpty, rng.chance(8) { return linkAction() }
        // A `read` on an emptied mailbox has no valid payload to send.
        let fillable = top.events.filter { event in event.fields.allSatisfy { choices(for: $0.name, on: top)?.isEmpty != true } }
        if rng.chance(82), !fillable.isEmpty {
            let event = fillable.count == top.events.count ? rng.pick(top.events) : rng.pick(fillable)
            let payload = validPayload(for: event, on: top)
            let ifMatch: Int? = rng.chance(20) ? version : nil
            // `app` signs in once at a time: a second login while one is under way is refused.
            let signingIn = event.name == "login" && top.params?["signingIn"] == true
            return RandomAction(
                event: ClientEvent(screen: top.id, event: event.name, payload: payload),
                expectedVersion: ifMatch, expected: signingIn ? .eventRejected : nil)
        }
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
            let hidden = stack.map(\.id).filter { id in !touchable.contains { $0.id == id } }
            let other = hidden.isEmpty ? "s0" : rng.pick(hidden)
            return refused(ClientEvent(screen: other, event: rng.pick(top.events).name), .screenNotActive)
        case 1:
            let unknown = rng.pick(["teleport", "back", "dismiss", "login", "select", "selectTab"])
            guard !top.events.contains(where: { $0.name == unknown }) else { return unknownEvent(on: top) }
            return refused(ClientEvent(screen: top.id, event: unknown), .eventNotAccepted)
        case 2:
            let event = rng.pick(top.events)
            return refused(
                ClientEvent(screen: top.id, event: event.name, payload: badPayload(for: event, on: top)),
                .invalidPayload)
        case 3:
            let checked = ["code", "mailbox", "message"]
            guard let select = top.events.first(where: { $0.fields.contains { checked.contains($0.name) } }),
                let field = select.fields.first(where: { checked.contains($0.name) })
            else {
                return unknownEvent(on: top)
            }
            let code = rng.pick(["XXX", "usd", "", "EURO"])
            // A field with allowed values refuses others before the handler runs.
            return refused(
                ClientEvent(screen: top.id, event: select.name, payload: [field.name: .string(code)]),
                field.allowed != nil ? .invalidPayload : .eventRejected)
        default:
            let event = rng.pick(top.events)
            let stale = rng.chance(50) ? version + 1 : version - 1
            return RandomAction(
                event: ClientEvent(screen: top.id, event: event.name, payload: validPayload(for: event, on: top)),
                expectedVersion: stale, expected: .versionMismatch)
        }
    }

    // MARK: - Links

    private mutating func linkAction() -> RandomAction {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<6: return RandomAction(event: ClientEvent(link: rng.pick(links)), expectedVersion: nil, expected: nil)
        case 6 where !rejectedLinks.isEmpty: return refused(ClientEvent(link: rng.pick(rejectedLinks)), .linkRejected)
        case 6, 7: return refused(ClientEvent(link: rng.pick(Self.unknownLinks)), .unknownLink)
        default: return refused(ClientEvent(link: rng.pick(Self.malformedLinks)), .invalidLink)
        }
    }

    // MARK: - Payloads

    private mutating func validPayload(for event: Event, on entry: Entry) -> JSONObject {
        var payload = JSONObject()
        for field in event.fields {
            if let allowed = field.allowed, !allowed.isEmpty {
                payload[field.name] = .string(rng.pick(allowed))
            } else if field.name == "code", let codes = entry.params?["items"]?.arrayValue?.compactMap({ $0["code"]?.stringValue }) {
                payload[field.name] = .string(rng.pick(codes))
            } else if let ids = choices(for: field.name, on: entry), !ids.isEmpty {
                payload[field.name] = .string(rng.pick(ids))
            } else {
                payload[field.name] = value(of: field.type)
            }
        }
        return payload
    }

    private mutating func badPayload(for event: Event, on entry: Entry) -> JSONObject {
        var payload = validPayload(for: event, on: entry)
        guard let field = event.fields.isEmpty ? nil : rng.pick(event.fields) else {
            payload["extra"] = true
            return payload
        }
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: payload[field.name] = nil
        case 1: payload[field.name] = field.type == "string" ? .number(1) : .string("1")
        default: payload["extra"] = .string("surprise")
        }
        return payload
    }

    /// Empty and blank strings a third of the time, so validation branches run.
    private mutating func value(of type: String) -> JSONValue {
        switch type {
        case "string":
            if rng.chance(33) { return .string(rng.pick(["", " ", "\t "])) }
            let alphabet = Array("ab z@.0123456789")
            let length = Int.random(in: 1...19, using: &rng)
            return .string(String((0..<length).map { _ in rng.pick(alphabet) }))
        case "number": return .number(Double(Int.random(in: -100_000...100_000, using: &rng)) / 100)
        case "boolean": return .bool(rng.chance(50))
        case "array": return []
        default: return [:]
        }
    }

    /// The values a field of `mail` must take to be accepted: a mailbox or
    /// message the screen lists, a tab of the tab bar.
    private func choices(for field: String, on entry: Entry) -> [String]? {
        func ids(_ list: String) -> [String]? { entry.params?[list]?.arrayValue?.compactMap { $0["id"]?.stringValue } }
        switch field {
        case "mailbox": return ids("mailboxes")
        case "message": return ids("messages")
        case "tab": return tabs
        default: return nil
        }
    }

    // MARK: - Helpers

    private func refused(_ event: ClientEvent, _ kind: NavigationError.Kind) -> RandomAction {
        RandomAction(event: event, expectedVersion: nil, expected: kind)
    }

    private func unknownEvent(on top: Entry) -> RandomAction {
        refused(ClientEvent(screen: top.id, event: "teleport"), .eventNotAccepted)
    }
}

enum RandomClientError: Error { case nothingToTap }
