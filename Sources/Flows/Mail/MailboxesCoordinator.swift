import Coordination

extension MailFlow {
    /// The `mail` tab: a split view. The primary column lists `mailboxes`
    /// and, pushed on it, one mailbox's `messages`; the secondary column
    /// shows `empty` until a message is read, then the message, through one
    /// ``MessageCoordinator`` per message read.
    ///
    /// The screens' events and the links MailAppCoordinator hands down
    /// (``handle(_:)``) end in the same two steps: show a mailbox, show a
    /// message.
    final class MailboxesCoordinator: Coordinator {
        /// Declared once: every session's screens share them (``EventFields``).
        /// Their choices are the rows the screens' params list, read as
        /// they are now: a person taps a mailbox by its name and a message
        /// by its subject and sender, and any other id is refused.
        private static let openFields: EventFields = ["mailbox": .oneOf(path: "mailboxes", value: "id", label: "name")]
        private static let readFields: EventFields = [
            "message": .oneOf(path: "messages", value: "id", label: "{subject} — {from}")
        ]

        private(set) var data = MailData()
        private lazy var primary = router.column(.primary)
        private lazy var secondary = router.column(.secondary)
        /// Weak: the stack owns the screens.
        private weak var mailboxesScreen: Screen?
        private weak var messagesScreen: Screen?
        /// The mailbox `messages` shows, while it is shown.
        private var openMailboxID: String?

        override func start() {
            router.setSplit()
            let mailboxes = Screen("mailboxes", title: "Mailboxes", params: ["mailboxes": data.summaries])
            mailboxes.on("open", label: "Open", fields: Self.openFields) { [unowned self] payload in
                try openMailbox(payload.string("mailbox"))
            }
            mailboxesScreen = mailboxes
            primary.setRoot(mailboxes)
            showEmpty()
        }

        /// Shows mailbox `id`'s messages in the primary column, replacing
        /// any mailbox shown there. An unknown id is refused.
        func openMailbox(_ id: String) throws(EventRejection) {
            guard let mailbox = data.mailbox(id) else {
                let known = data.mailboxes.map(\.id).joined(separator: ", ")
                throw EventRejection("unknown mailbox '\(id)'; known mailboxes: \(known)")
            }
            show(mailbox)
        }

        /// Marks message `id` read and shows it in the secondary column,
        /// replacing the message shown before (whose coordinator the
        /// session then finishes, since it is left without screens).
        func read(_ id: String) throws(EventRejection) {
            guard let found = data.message(id), openMailboxID == nil || found.mailbox.id == openMailboxID else {
                throw EventRejection("no message '\(id)' in mailbox '\(openMailboxID ?? "")'")
            }
            show(found.message)
        }

        private func show(_ mailbox: MailData.Mailbox) {
            guard openMailboxID != mailbox.id else { return }
            if messagesScreen != nil { primary.popToRoot() }
            let messages = Screen(MailFlow.Route.mailbox(id: mailbox.id), title: mailbox.name, params: messagesParams(mailbox))
            messages.on("read", label: "Read", fields: Self.readFields) { [unowned self] payload in
                try read(payload.string("message"))
            }
            messagesScreen = messages
            openMailboxID = mailbox.id
            primary.push(messages)
        }

        private func show(_ message: MailData.Message) {
            data.markRead(message.id)
            refreshLists()
            let coordinator = MessageCoordinator(environment: environment.column(.secondary), message: message)
            coordinator.delegate = self
            startChild(coordinator)
        }

        /// Only `messages` is ever pushed, so the user's `back` closed the mailbox.
        override func didGoBack(from screen: Screen) {
            openMailboxID = nil
        }

        private func showEmpty() {
            secondary.setRoot(Screen("empty", title: "No message selected", params: ["text": "No message selected"]))
        }

        private func messagesParams(_ mailbox: MailData.Mailbox) -> JSONObject {
            ["mailbox": .string(mailbox.id), "name": .string(mailbox.name), "messages": .array(mailbox.messages.map(\.row))]
        }

        /// Brings the unread counts and the open mailbox's rows up to date, in place.
        private func refreshLists() {
            if let mailboxesScreen { primary.update(mailboxesScreen, "mailboxes", to: data.summaries) }
            if let messagesScreen, let id = openMailboxID, let mailbox = data.mailbox(id) {
                primary.update(messagesScreen, params: messagesParams(mailbox))
            }
        }
    }
}

extension MailFlow.MailboxesCoordinator: DeepLinkHandler {
    /// `/mailboxes/{mailbox}` shows that mailbox in the primary column (no
    /// router call when it is the one shown); the secondary column keeps
    /// what it shows, as after the user's own `back` and `open`.
    /// `/messages/{id}` opens the message's mailbox as it is now (an
    /// archived message is in `archive`), then reads the message.
    func handle(_ route: MailFlow.Route) -> LinkHandling {
        switch route {
        case .mailbox(let id):
            if let mailbox = data.mailbox(id) { show(mailbox) }
        case .message(let id):
            if let found = data.message(id) {
                show(found.mailbox)
                show(found.message)
            }
        }
        return .followed
    }
}

extension MailFlow.MailboxesCoordinator: MessageCoordinatorDelegate {
    func messageCoordinatorDidArchive(_ coordinator: MailFlow.MessageCoordinator) {
        data.archive(coordinator.message.id)
        refreshLists()
        showEmpty()
    }
}
