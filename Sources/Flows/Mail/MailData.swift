import Coordination

/// The mailboxes and their messages: one session's own copy, changed as
/// messages are read and archived.
struct MailData {
    struct Message {
        let id: String
        let from: String
        let subject: String
        let body: String
        var read: Bool

        /// A row of the `messages` list.
        var row: JSONValue {
            ["id": .string(id), "from": .string(from), "subject": .string(subject), "read": .bool(read)]
        }

        /// The `message` screen's params.
        var detail: JSONObject {
            ["id": .string(id), "from": .string(from), "subject": .string(subject), "body": .string(body)]
        }
    }

    struct Mailbox {
        let id: String
        let name: String
        var messages: [Message]

        var unread: Int { messages.filter { !$0.read }.count }
        var summary: JSONValue { ["id": .string(id), "name": .string(name), "unread": .number(Double(unread))] }
    }

    static let archiveID = "archive"

    private(set) var mailboxes: [Mailbox] = [
        Mailbox(
            id: "inbox", name: "Inbox",
            messages: [
                Message(id: "m1", from: "Ada", subject: "Lunch on Friday?", body: "The usual place at noon?", read: false),
                Message(id: "m2", from: "Grace", subject: "Release notes", body: "Draft attached; comments by Monday.", read: false),
                Message(id: "m3", from: "Linus", subject: "Re: patches", body: "Applied, thanks.", read: true),
            ]),
        Mailbox(
            id: archiveID, name: "Archive",
            messages: [Message(id: "m4", from: "Alan", subject: "Tickets", body: "Your tickets for Saturday.", read: true)]),
    ]

    /// The `mailboxes` param of the mailboxes screen.
    var summaries: JSONValue { .array(mailboxes.map(\.summary)) }

    /// Every message id, mailbox by mailbox.
    var messageIDs: [String] { mailboxes.flatMap { $0.messages.map(\.id) } }

    func mailbox(_ id: String) -> Mailbox? {
        mailboxes.first { $0.id == id }
    }

    /// The mailbox holding message `id`, and the message.
    func message(_ id: String) -> (mailbox: Mailbox, message: Message)? {
        for mailbox in mailboxes {
            if let message = mailbox.messages.first(where: { $0.id == id }) { return (mailbox, message) }
        }
        return nil
    }

    mutating func markRead(_ id: String) {
        for index in mailboxes.indices {
            if let row = mailboxes[index].messages.firstIndex(where: { $0.id == id }) {
                mailboxes[index].messages[row].read = true
            }
        }
    }

    /// Moves message `id` to the archive (nothing changes when it is there already).
    mutating func archive(_ id: String) {
        guard let from = mailboxes.firstIndex(where: { $0.messages.contains { $0.id == id } }),
            mailboxes[from].id != Self.archiveID,
            let to = mailboxes.firstIndex(where: { $0.id == Self.archiveID }),
            let row = mailboxes[from].messages.firstIndex(where: { $0.id == id })
        else { return }
        let message = mailboxes[from].messages.remove(at: row)
        mailboxes[to].messages.insert(message, at: 0)
    }
}
