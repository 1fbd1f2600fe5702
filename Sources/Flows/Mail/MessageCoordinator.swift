import Coordination

protocol MessageCoordinatorDelegate: AnyObject {
    /// The user archived the message: the delegate moves it and shows the
    /// secondary column's next screen; the coordinator then finishes.
    func messageCoordinatorDidArchive(_ coordinator: MailFlow.MessageCoordinator)
}

extension MailFlow {
    /// One message read: `message` as the root of the split view's
    /// secondary column (its environment's slot), `reply` presenting
    /// `compose` as a sheet over the whole split view, `archive` handing
    /// the message back to the delegate and finishing.
    final class MessageCoordinator: Coordinator {
        /// Declared once: every session's screens share them (``EventFields``).
        private static let sendFields: EventFields = ["body": .string.label("Message")]

        weak var delegate: MessageCoordinatorDelegate?
        let message: MailData.Message

        init(environment: CoordinatorEnvironment, message: MailData.Message) {
            self.message = message
            super.init(environment: environment)
        }

        override func start() {
            let screen = Screen(MailFlow.Route.message(id: message.id), title: message.subject, params: message.detail)
                .on("reply", label: "Reply", role: .primary) { [unowned self] _ in showCompose() }
                .on("archive", label: "Archive", role: .destructive) { [unowned self] _ in
                    delegate?.messageCoordinatorDidArchive(self)
                    finish()
                }
            router.setRoot(screen)
        }

        private func showCompose() {
            let signature: JSONValue = store[.mailSignature, default: true] ? "Sent from my server" : .null
            let compose = Screen(
                "compose", title: "Reply",
                params: ["to": .string(message.from), "subject": .string("Re: \(message.subject)"), "signature": signature]
            )
            .on("send", label: "Send", role: .primary, fields: Self.sendFields) { [unowned self] _ in router.dismiss() }
            .on("cancel", label: "Cancel", role: .cancel) { [unowned self] _ in router.dismiss() }
            router.present(compose, style: .sheet)
        }
    }
}
