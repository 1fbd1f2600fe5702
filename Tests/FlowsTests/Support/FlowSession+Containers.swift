import Testing

@testable import Coordination
@testable import Flows

extension FlowSession {
    static func mail(recording: Bool = false) throws(NavigationError) -> FlowSession {
        try FlowSession(MailFlow.flow, routerLog: recording ? RouterCallLog() : nil)
    }

    /// The screens the user can touch now, bottom-left first: the top modal,
    /// or the top of the selected tab's stack or of each of its columns.
    var visible: [Screen] {
        let state = session.liveState
        if !state.touchesVisibleStacks {
            return session.stack.top.map { [$0.screen] } ?? []
        }
        return state.visibleTops.map(\.entry.screen)
    }

    /// The layout in brief: `tabs(*mail: split(mailboxes messages | message), settings: stack(mailSettings))`.
    var layout: String { Self.describe(session.layout) }

    static func describe(_ layout: Layout) -> String {
        func names(_ entries: [NavigationStack.Entry]) -> String { entries.map(\.screen.name).joined(separator: " ") }
        switch layout {
        case .stack(let entries): return "stack(\(names(entries)))"
        case .split(let primary, let secondary): return "split(\(names(primary)) | \(names(secondary)))"
        case .tabs(let selected, let tabs):
            let described = tabs.map { ($0.item.id == selected ? "*" : "") + "\($0.item.id): \(describe($0.layout))" }
            return "tabs(\(described.joined(separator: ", ")))"
        }
    }

    /// Sends `event` from the visible screen called `screen`; returns the router calls it made.
    @discardableResult
    func sendVisible(_ event: String, on screen: String, _ payload: JSONObject = [:]) throws -> [String] {
        guard let target = visible.first(where: { $0.name == screen }) else {
            throw WrongScreen(expected: screen, actual: visible.map(\.name).joined(separator: ", "))
        }
        let before = version
        try session.send(ClientEvent(screen: target.id ?? "", event: event, payload: payload))
        return calls(since: before)
    }

    /// The id of the shown screen called `name` (in any tab or column).
    func screenID(_ name: String) -> String? {
        session.liveState.navigation.shownEntries.last { $0.screen.name == name }?.screen.id
    }

    /// Sends `event` to the screen with id `id` (visible or not), expecting
    /// a refusal that leaves the session as it was.
    func refusal(
        _ event: String, toScreenID id: String, _ payload: JSONObject = [:], sourceLocation: SourceLocation = #_sourceLocation
    )
        -> NavigationError?
    {
        let before = (version, session.document(), session.historyDocument(), session.acceptedEvents)
        var refusal: NavigationError?
        do {
            try session.send(ClientEvent(screen: id, event: event, payload: payload))
            Issue.record("'\(event)' on \(id) was accepted", sourceLocation: sourceLocation)
        } catch {
            refusal = error
        }
        let after = (version, session.document(), session.historyDocument(), session.acceptedEvents)
        #expect(before == after, "a refused event changed the session", sourceLocation: sourceLocation)
        return refusal
    }

    /// The params of the shown screen called `name`, in any tab or column.
    func shownParams(_ name: String) -> JSONObject? {
        session.liveState.navigation.shownEntries.last { $0.screen.name == name }?.screen.params
    }
}
