import Coordination

/// `mail`: the iPad Mail app, small. A tab bar with `mail` and `settings`;
/// the mail tab is a split view with mailboxes and messages in the primary
/// column and the message being read in the secondary one.
public enum MailFlow {
    public static let flow = Flow(
        name: "mail",
        description: "A tab bar and a split view: mailboxes and messages beside the message being read; settings in a second tab.",
        links: Route.self
    ) { environment in
        MailAppCoordinator(environment: environment)
    }

    /// The tabs, in the order the tab bar shows them.
    static let mailTab = TabItem(id: "mail", title: "Mail")
    static let settingsTab = TabItem(id: "settings", title: "Settings")
}

extension StoreKey where Value == Bool {
    /// Whether replies end with the signature (the settings tab's switch).
    static let mailSignature = StoreKey("mail.signature")
}
