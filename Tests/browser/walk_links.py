"""Deep links in `app`: a session started from a link holds it until login,
then the open session's links as one-tap choices and the "Open link" field."""

from browser_support import WIDE, check, expect


def walk_links(page, server):
    page.size(*WIDE)
    page.open("/?flow=app&link=/profile")
    page.until(lambda: page.css(".screen-active[data-screen-name='welcome']"), "waiting for the linked session")
    page.idle()
    session_id = page.session_id()
    expect(page.driver.current_url, f"{server.base}/?session={session_id}", "the page URL names the session, not the link")
    expect((page.version(), page.text("#pending-link-value")), (1, "/profile"), "the link is held during onboarding, from version 1")
    expect(page.one("#flow-select").get_attribute("value"), "app", "the launcher shows the session's flow")
    page.tap("skip")
    page.submit("login", {"username": "ada", "password": ""})
    expect((page.top(), page.one("#pending-link").is_displayed()), ("login", True), "a failed login keeps it held")
    page.submit("login", {"username": "ada", "password": "secret"})
    expect((page.top(), page.layers()), ("profile", ["root"]), "right after login the link shows the profile")
    expect(page.one("#pending-link").is_displayed(), False, "nothing is held any more")
    page.internals(True)
    expect(page.history()[-2:], [("setRoot", "home (s3)"), ("push", "profile (s4)")], "internals: the router calls of the followed link")
    page.internals(False)

    expect([choice.text for choice in page.css("#link-choices button")], ["/home", "/profile", "/settings", "/checkout"], "app's links, one tap each")
    page.press("/checkout")
    expect((page.top(), page.layers()), ("cart", ["root", "sheet"]), "one tap on /checkout: home, then the cart sheet")
    before = page.version()
    page.labelled("Open link").send_keys("/rates/USD")
    page.press("Open", changes=False)
    page.until(lambda: page.one("#link-problem").is_displayed(), "waiting for the unknown link's problem")
    check("/home, /profile, /settings, /checkout" in page.text("#link-problem"), "an unknown link lists the patterns")
    expect(page.version(), before, "an unknown link changes nothing")
