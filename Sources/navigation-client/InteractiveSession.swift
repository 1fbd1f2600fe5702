import NavigationClient
import Observation

/// The interactive loop: draws the session, reads commands and payload fields, and draws
/// again whenever the session changes, by this client or by another (the stream).
@MainActor
final class InteractiveSession {
    private let model: NavigationModel
    private var menu: EventMenu
    private var form: PayloadForm?
    /// Whether the session was drawn (with its prompt) since the last command began.
    private var drewSinceCommand = false
    /// Ends the loop's input, so that a session ended elsewhere ends the program without a key pressed.
    private var endInput: (() -> Void)?

    init(model: NavigationModel) {
        self.model = model
        menu = EventMenu(model.document)
    }

    func run(reading typed: AsyncStream<String>) async {
        let (lines, input) = AsyncStream.makeStream(of: String.self)
        let forwarding = Task {
            for await line in typed { input.yield(line) }
            input.finish()
        }
        defer {
            forwarding.cancel()
            TypedEcho.show()
        }
        endInput = { input.finish() }
        model.onChange = { [weak self] _, _ in self?.documentChanged() }
        watchConnection()
        model.startFollowing()
        draw()
        for await line in lines {
            drewSinceCommand = false
            guard await handle(line), !model.isEnded else { break }
            if !drewSinceCommand { prompt() }
        }
        model.stopFollowing()
        if model.isEnded {
            Terminal.write("\nThe session has ended.\n")
        } else {
            Terminal.write("\nSession \(model.sessionID) keeps running; attach again with --session \(model.sessionID)\n")
        }
    }

    // MARK: - Drawing

    private func draw() {
        Terminal.write("\n" + SessionText.render(model.document, menu: menu) + "\n")
        prompt()
        drewSinceCommand = true
    }

    /// The question of the open form, or the command prompt. Echo is off
    /// before a secret's question shows, so nothing typed after it is echoed.
    private func prompt() {
        if let form, let question = form.question {
            if form.asksForSecret { TypedEcho.hide() } else { TypedEcho.show() }
            Terminal.write(question)
        } else {
            TypedEcho.show()
            Terminal.write(menu.items.isEmpty ? "(b, d, t, l, r, end, q or ?)> " : "event number, or ? for help> ")
        }
    }

    private func documentChanged() {
        menu = EventMenu(model.document)
        if let open = form, !menu.items.contains(where: { $0.screen.id == open.item.screen.id && $0.event.name == open.item.event.name }) {
            form = nil
            Terminal.write("\n(the session changed: '\(open.item.event.displayLabel)' is no longer offered; the form was cancelled)")
        }
        draw()
    }

    /// Says when the stream drops, when the server makes the client poll, and when updates stop;
    /// ends the input when the session ends.
    private func watchConnection() {
        withObservationTracking {
            _ = model.connection
        } onChange: { [weak self] in
            Task { @MainActor in
                guard let self else { return }
                switch self.model.connection {
                case .reconnecting(let delay): Terminal.write("\n(the stream dropped; reconnecting in \(Int(delay * 1000)) ms)\n")
                case .polling: Terminal.write("\n(the server refuses streams now; polling)\n")
                case .ended where self.model.isEnded: self.endInput?()
                case .ended: Terminal.write("\n(live updates stopped: \(self.model.lastError.map { "\($0)" } ?? "no reason given"))\n")
                case .idle, .streaming: break
                }
                self.watchConnection()
            }
        }
    }

    // MARK: - Commands

    /// Handles one line; false when the person quits or the session ended.
    private func handle(_ line: String) async -> Bool {
        TypedEcho.show()
        if var open = form {
            if line == FieldInput.cancel {
                form = nil
                Terminal.write("(cancelled)\n")
                return true
            }
            if let mistake = open.answer(line) {
                Terminal.write("  \(mistake.reason)\n")
                form = open
                return true
            }
            form = open.isComplete ? nil : open
            if open.isComplete {
                await perform { try await self.model.send(open.item.event.name, payload: open.payload, from: open.item.screen.id) }
            }
            return true
        }
        guard let command = TerminalCommand.parse(line) else {
            Terminal.write("  '\(line)' is no command; ? lists them\n")
            return true
        }
        switch command {
        case .event(let number):
            guard let item = menu.item(number) else {
                Terminal.write("  there is no event \(number)\n")
                return true
            }
            await start(item)
        case .back: await perform { try await self.model.back() }
        case .dismiss: await perform { try await self.model.dismiss() }
        case .tab(let name): await selectTab(name)
        case .link(let link): await perform { try await self.model.open(link: link) }
        case .refresh: await perform { try await self.model.refresh() }
        case .end:
            await perform { try await self.model.end() }
            return !model.isEnded
        case .quit: return false
        case .help: Terminal.write(TerminalCommand.helpText + "\n")
        case .redraw: draw()
        }
        return true
    }

    private func start(_ item: EventMenu.Item) async {
        let tabs = model.tabs.map { FieldChoice(value: $0.id, label: $0.title) }
        let form = PayloadForm(item: item, tabChoices: tabs)
        if form.isComplete {
            await perform { try await self.model.send(item.event.name, payload: nil, from: item.screen.id) }
        } else {
            Terminal.write("\(item.event.displayLabel) (a single '.' cancels)\n")
            self.form = form
        }
    }

    private func selectTab(_ name: String) async {
        let tabs = model.tabs
        guard let tab = Int(name).flatMap({ tabs.indices.contains($0 - 1) ? tabs[$0 - 1] : nil }) ?? tabs.first(where: { $0.id == name })
        else {
            Terminal.write(
                tabs.isEmpty ? "  this session has no tabs\n" : "  no tab '\(name)': " + tabs.map(\.id).joined(separator: ", ") + "\n")
            return
        }
        await perform { try await self.model.selectTab(tab.id) }
    }

    private func perform(_ action: () async throws -> Void) async {
        do {
            try await action()
        } catch {
            Terminal.write("  refused: \(error)\n")
        }
    }
}
