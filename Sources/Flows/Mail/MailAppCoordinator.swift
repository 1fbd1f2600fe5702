import Coordination

extension MailFlow {
    /// The root of `mail`: sets up the tab bar, starts one coordinator per
    /// tab (each with its own tab's environment, so its router drives its
    /// own tab) and selects `mail`.
    ///
    /// Links arrive here and are followed at once, the way an iOS app's
    /// AppCoordinator routes a universal link: an open compose sheet is
    /// dismissed (a link never lands under a modal), the `mail` tab is
    /// selected if it is not, and the tab's coordinator is handed the route.
    final class MailAppCoordinator: Coordinator {
        /// The tab the user is on, as the tab bar last told this coordinator.
        private(set) var selectedTab = MailFlow.mailTab.id
        /// The mail tab's coordinator: a deep link to a mailbox or a message
        /// selects the tab, then hands it the route.
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

extension MailFlow.MailAppCoordinator: DeepLinkHandler {
    func handle(_ route: MailFlow.Route) -> LinkHandling {
        if router.stack.entries.contains(where: { $0.presentation.isModal }) { router.dismiss() }
        if selectedTab != MailFlow.mailTab.id {
            router.selectTab(MailFlow.mailTab.id)
            selectedTab = MailFlow.mailTab.id
        }
        mailboxes?.handle(route)
        return .followed
    }
}
