import Coordination

extension MailFlow {
    /// The root of `mail`: sets up the tab bar, starts one coordinator per
    /// tab (each with its own tab's environment, so its router drives its
    /// own tab) and selects `mail`.
    final class MailAppCoordinator: Coordinator {
        /// The tab the user is on, as the tab bar last told this coordinator.
        private(set) var selectedTab = MailFlow.mailTab.id
        /// The mail tab's coordinator: a deep link to a mailbox or a message
        /// selects the tab, then asks it to open one (`openMailbox`, `read`).
        private(set) weak var mailboxes: MailboxesCoordinator?

        override func start() {
            router.setTabs([MailFlow.mailTab, MailFlow.settingsTab])
            let mailboxes = MailboxesCoordinator(environment: environment.tab(MailFlow.mailTab.id))
            self.mailboxes = mailboxes
            startChild(mailboxes)
            startChild(MailSettingsCoordinator(environment: environment.tab(MailFlow.settingsTab.id)))
            router.selectTab(MailFlow.mailTab.id)
        }

        override func didSelectTab(_ tab: String) {
            selectedTab = tab
        }
    }
}
