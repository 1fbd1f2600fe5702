import Coordination

extension MailFlow {
    /// The links of `mail`, typed: one mailbox's messages, or one message
    /// beside its mailbox. Ids the data does not have are refused while the
    /// link is parsed, before any coordinator sees it; the ids are fixed
    /// (archiving moves a message, never renames it), so the check does not
    /// depend on the session.
    enum Route: DeepLinkRoute, ScreenRoute, Equatable {
        case mailbox(id: String)
        case message(id: String)

        static let patterns = [
            LinkPattern(
                "/mailboxes/{mailbox}",
                description: "Tab mail, that mailbox's messages in the primary column; an open compose sheet is dismissed."),
            LinkPattern(
                "/messages/{id}",
                description: "Tab mail, the message's mailbox in the primary column and the message in the secondary one; "
                    + "an open compose sheet is dismissed."),
        ]

        init(link: DeepLink) throws(LinkRejection) {
            let known = MailData()
            switch link.pattern {
            case "/messages/{id}":
                let id = link["id"]
                guard known.message(id) != nil else {
                    throw LinkRejection("unknown message '\(id)'; known messages: \(known.messageIDs.joined(separator: ", "))")
                }
                self = .message(id: id)
            default:
                let id = link["mailbox"]
                guard known.mailbox(id) != nil else {
                    throw LinkRejection("unknown mailbox '\(id)'; known mailboxes: \(known.mailboxes.map(\.id).joined(separator: ", "))")
                }
                self = .mailbox(id: id)
            }
        }

        /// `messages` for a mailbox, `message` for a message: the screen
        /// that following the route brings into view.
        var screenName: String {
            switch self {
            case .mailbox: "messages"
            case .message: "message"
            }
        }
    }
}
