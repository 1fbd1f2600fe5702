"""The `mail` flow: a tab bar and a split view. Wide, two columns; mailboxes
and messages are rows to tap; a refused reply says why beside its field.
On a phone, one stack as iOS collapses it: the list, then the message
pushed over it with a back button; the tab bar fixed at the bottom."""

from browser_support import PHONE, WIDE, check, expect, expect_near

PHONE_WIDTH_SCRIPT = "return document.getElementById('phone').getBoundingClientRect().width"


def column(page, name):
    """The live screen of a split view column, or None when the column is not drawn."""
    screens = page.css(f".column-{name} .screen")
    return screens[0].get_attribute("data-screen-name") if screens else None


def walk_mail(page):
    driver = page.driver
    page.size(*WIDE)
    page.start_session("mail")
    expect((column(page, "primary"), column(page, "secondary")), ("mailboxes", "empty"), "two columns")
    primary, secondary = page.one(".column-primary").rect, page.one(".column-secondary").rect
    check(primary["x"] < secondary["x"] and primary["y"] == secondary["y"], "wide: the columns side by side")
    check("No message selected" in page.text(".column-secondary") and not page.css(".column-secondary .nav-title"),
          "the empty column says so, without a title")
    expect([tab.text for tab in page.css(".tab-bar [data-tab]")], ["Mail", "Settings"], "the tab bar under the screens")
    expect(page.css(".screen-active [data-event='selectTab']"), [], "selectTab is the tab bar's, not a screen button")
    width = driver.execute_script(PHONE_WIDTH_SCRIPT)

    page.choose("open", "inbox", "Inbox")
    expect(column(page, "primary"), "messages", "a tap on Inbox pushes its messages")
    expect(page.text(".column-primary .nav-back"), f"‹ {page.title_of('mailboxes')}", "messages has a back button")
    page.choose("read", "m1", "Lunch on Friday?")
    expect((column(page, "primary"), column(page, "secondary")), ("messages", "message"), "the message beside the list")
    check("The usual place at noon?" in page.text(".column-secondary"), "the message reads as text")
    page.check_readable("a message")
    page.shoot("mail-1280")
    page.internals(True)
    check("MessageCoordinator" in page.coordinators(), "internals: a message coordinator")
    page.internals(False)

    page.press("Settings")
    expect((page.top(), page.title()), ("mailSettings", page.title_of("mailSettings")), "the settings tab, titled for people")
    check(page.title() != "mailSettings", "not by its internal name")
    expect(driver.execute_script(PHONE_WIDTH_SCRIPT), width, "the frame keeps its width from tab to tab")
    page.tap("toggleSignature")
    check("Signature No" in page.text(".screen-active .params").replace("\n", " "), "the toggle changes the screen in place")
    page.press("Mail")
    expect((column(page, "primary"), column(page, "secondary")), ("messages", "message"), "the mail tab kept its columns")

    page.tap("reply")
    expect(page.layers(), ["root", "sheet"], "Reply: compose is a sheet over the whole split view")
    expect(page.one(".layer-containers").get_attribute("aria-hidden"), "true", "the columns and tab bar are inert under it")
    check_refusal_beside_its_field(page)
    page.tap("cancel")
    expect(page.layers(), ["root"], "Cancel dismisses compose")
    page.tap("archive")
    expect(column(page, "secondary"), "empty", "Archive shows the empty column again")


def check_refusal_beside_its_field(page):
    """The server refuses a body over its 4 KiB limit (422): the reason shows beside the field, in view."""
    body = page.field("send", "body")
    page.driver.execute_script("arguments[0].value = 'x'.repeat(5000)", body)
    page.tap("send", changes=False)
    error = page.one(".screen-active .field-error:not([hidden])")
    page.until(lambda: error.text != "", "waiting for the server's refusal")
    check("4096" in error.text or "4 KiB" in error.text or "long" in error.text, "the field says it is too long", error.text)
    expect(page.why_not_visible(error), None, "the refusal is in view beside its field")
    expect(page.driver.switch_to.active_element.get_attribute("data-field"), "body", "the field to fix has the focus")


def walk_mail_on_a_phone(page):
    driver = page.driver
    page.size(*PHONE)
    page.start_session("mail")
    expect((column(page, "primary"), column(page, "secondary")), ("mailboxes", None), "one stack: the mailboxes alone")
    page.check_no_sideways_scroll("mail on a phone")
    bar = page.place(page.one(".tab-bar"))
    height = driver.execute_script("return innerHeight")
    check(abs(bar[1] + bar[3] - height) <= 1, "the tab bar is at the bottom of the window", bar)
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    check(driver.execute_script("return scrollY") > 0, "the page scrolls (the session's tools are under the screen)")
    expect_near(page.place(page.one(".tab-bar")), bar, "the tab bar stays there when the page scrolls")
    driver.execute_script("window.scrollTo(0, 0)")
    width = driver.execute_script(PHONE_WIDTH_SCRIPT)

    page.choose("open", "inbox", "Inbox")
    page.record_motions()
    page.choose("read", "m2", "Release notes")
    expect((column(page, "primary"), column(page, "secondary")), (None, "message"), "the message is pushed over the list")
    expect(page.motions(), ["enter-push"], "it slides in")
    expect(page.text(".column-secondary .nav-back").startswith("‹ "), True, "with a back button")
    page.check_one_scroller("a message on a phone")
    page.check_readable("a message on a phone")
    page.shoot("mail-390")
    expect(page.why_not_visible(page.one(".tab-bar")), None, "the tab bar stays in view")
    page.back(changes=False)
    page.until(lambda: column(page, "primary") == "messages", "waiting for the list to come back")
    page.idle()
    expect(page.motions(), ["exit-pop"], "the phone's own back slides the message out")
    page.back()
    expect(column(page, "primary"), "mailboxes", "back pops the primary column")

    page.press("Settings")
    expect_near(page.place(page.one(".tab-bar")), bar, "the tab bar did not move")
    expect(driver.execute_script(PHONE_WIDTH_SCRIPT), width, "the screen keeps its width from tab to tab")
    button = page.control(page.label_of("toggleSignature"))
    page.reveal(button, "Toggle signature")
    where = page.place(button)
    page.tap("toggleSignature")
    expect_near(page.place(page.control(page.label_of("toggleSignature"))), where, "a tap does not move the control tapped")
    page.press("Mail")

    page.choose("open", "inbox", "Inbox")
    page.choose("read", "m3", "Re: patches")
    page.tap("reply")
    check(page.one(".layer-sheet").is_displayed(), "compose covers the page on a phone")
    page.submit("send", {"body": "Sounds good."})
    expect((page.layers(), column(page, "secondary")), (["root"], "message"), "Send closes compose and shows the message")


def walk_mail_links(page):
    """The launcher and the link field follow the open session: only its flow's links."""
    expect(page.one("#flow-select").get_attribute("value"), "mail", "the launcher shows the open session's flow")
    expect([choice.text for choice in page.css("#link-choices button")], ["/mailboxes/…", "/messages/…"], "mail's links, one tap each")
    suggestions = [option.get_attribute("value") for option in page.css("#link-suggestions option")]
    expect(suggestions, ["/mailboxes/", "/messages/"], "the link field suggests only mail's links")
    page.press("/messages/…", changes=False)
    link = page.labelled("Open link")
    expect(link.get_attribute("value"), "/messages/", "a pattern fills the field for the rest")
    before = page.version()
    link.send_keys("m4")
    page.press("Open")
    expect((column(page, "primary") or column(page, "secondary"), page.version()), ("message", before + 1), "Open link /messages/m4")
    link.send_keys("/messages/m9")
    page.press("Open", changes=False)
    page.until(lambda: page.one("#link-problem").is_displayed(), "waiting for the refused link")
    check("m9" in page.text("#link-problem"), "a message mail does not have is refused")
