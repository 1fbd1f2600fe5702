"""The `app` flow: onboarding, login, home, profile, the checkout sheet to
its confirmation, a stale tab, a reload, logout; then the same flow on a
phone (an onboarded user, forgot password, login), where the sheet covers
the page."""

import json

from selenium.webdriver.support.ui import Select

from browser_support import PHONE, WIDE, actions_in_order, check, expect


def walk_app(page, server):
    driver = page.driver
    page.size(*WIDE)
    page.open("/")
    expect([option.text for option in Select(page.labelled("Flow")).options], ["app", "exchange", "mail"], "the flows of GET /v1/flows")
    expect(json.loads(page.labelled("Context (JSON)").get_attribute("value")), {"onboarded": False, "token": None}, "app's context defaults")
    check(not page.one(".panels").is_displayed(), "readable by default: no developer panels")

    session_id = page.start_session("app")
    expect(driver.current_url, f"{server.base}/?session={session_id}", "the session id in the page URL")
    expect((page.top(), page.version(), page.layers()), ("welcome", 1, ["root"]), "onboarding starts on welcome")
    expect(page.title(), page.title_of("welcome"), "the screen's title, not its name")
    page.check_readable("welcome")
    page.internals(True)
    expect(page.coordinators(), ["AppCoordinator", "OnboardingCoordinator"], "internals: the coordinator tree")
    expect(page.history(), [("setRoot", "welcome (s1)")], "internals: the router history")
    check("s1" in page.text(".screen-active .screen-meta"), "internals: the screen id and its coordinator")
    page.internals(False)

    page.record_motions()
    page.tap("next")
    expect(page.top(), "features", "Next pushes features")
    expect(page.motions(), ["enter-push"], "a push slides in")
    expect(page.text(".screen-active .nav-back"), f"‹ {page.title_of('welcome')}", "a pushed screen's back button names the screen under it")
    page.tap("next")
    expect((page.top(), page.css(".screen-active .nav-back")), ("login", []), "onboarding ends on login, a root without back")

    page.submit("login", {"username": "ada", "password": ""})
    expect(page.top(), "login", "an empty password stays on login")
    error = page.one(".screen-active [data-param='error']")
    expect(error.text, "Enter your password.", "the login error shows")
    expect(page.why_not_visible(error), None, "the login error is in view")
    page.check_readable("login with an error")
    page.submit("login", {"username": "ada", "password": "secret"})
    expect(page.top(), "home", "Login shows home")
    check("ada" in page.text(".screen-active .params"), "home shows the user")

    home = page.document()["stack"][-1]
    expect(page.actions(), actions_in_order(home), "home's buttons by role (Logout, destructive, last)")
    check("role-destructive" in page.control(page.label_of("logout")).get_attribute("class"), "Logout looks destructive")
    page.tap("selectProfile")
    check((page.top(), "ada" in page.text(".screen-active .params")) == ("profile", True), "profile reads the user")
    page.internals(True)
    expect(page.coordinators(), ["AppCoordinator", "MainCoordinator", "ProfileCoordinator"], "internals: a profile coordinator")
    expect(page.history()[-1], ("push", "profile (s5)"), "internals: the push in the history")
    page.internals(False)
    page.motions()
    page.back()
    expect((page.top(), page.motions()), ("home", ["exit-pop"]), "back pops profile, sliding it out")

    page.tap("checkout")
    expect((page.top(), page.layers()), ("cart", ["root", "sheet"]), "Checkout presents the cart in a sheet")
    expect(page.motions(), ["enter-rise"], "a sheet rises")
    expect(page.one(".layer-root").get_attribute("aria-hidden"), "true", "the screen under the sheet is not interactive")
    expect(page.actions(), actions_in_order(page.document()["stack"][-1]), "the cart's buttons by role (Cancel last)")
    cart = page.text(".screen-active .params")
    check("Green tea" in cart and "Price 4.50" in cart and "21.00" in cart, "the cart reads as a list, money with cents", cart)
    page.check_readable("the cart")
    page.shoot("app-1280")
    page.press("Close")
    expect((page.top(), page.layers(), page.motions()), ("home", ["root"], ["exit-sink"]), "Close dismisses the sheet, sinking")
    check("dismissed" in page.text(".screen-active .params"), "home learns the checkout was dismissed")

    page.tap("checkout")
    page.tap("next")
    page.submit("next", {"street": "1 Main Street"})
    expect(page.top(), "payment", "the address leads to the payment")
    check("21.00" in page.text(".screen-active .params"), "the total to pay, with cents")
    expect(page.field("pay", "card").get_attribute("type"), "text", "a field the server does not call secret is text, whatever its name")
    page.submit("pay", {"card": "4242 4242 4242 4242"})
    page.until(lambda: page.top() == "confirmation", "waiting for the payment to be approved")
    page.idle()
    page.check_readable("the confirmation")
    page.tap("done")
    expect((page.top(), page.layers()), ("home", ["root"]), "Done closes the checkout")

    check_stale_tab(page, server, session_id)

    # Reload: the server is the source of truth, the URL keeps the session.
    version = page.version()
    driver.refresh()
    page.ready()
    expect((page.session_id(), page.top(), page.version()), (session_id, "settings", version), "a reload reopens the same session")
    page.internals(True)
    driver.refresh()
    page.ready()
    check(page.one(".panels").is_displayed() and page.one("#internals-toggle").is_selected(), "internals stay shown in this tab across a reload")
    page.internals(False)
    page.back()
    page.tap("logout")
    expect((page.top(), page.layers()), ("login", ["root"]), "Logout shows login")


def check_stale_tab(page, server, session_id):
    """Another client moves the session on while this tab hears nothing of it (its stream is held, never
    answered): acting here is refused (412) and said."""
    driver = page.driver
    driver.execute_cdp_cmd("Fetch.enable", {"patterns": [{"urlPattern": "*/stream*"}]})
    driver.refresh()
    page.ready()
    version = page.version()
    home = page.one(".screen-active").get_attribute("data-screen-id")
    logout = page.label_of("logout")
    server.post_json(f"/v1/sessions/{session_id}/events", {"screen": home, "event": "openSettings"})
    page.press(logout, changes=False)
    page.until(lambda: page.one("#stale-banner").is_displayed(), "waiting for the stale-tab warning")
    expect(page.version(), version, "the stale tab did not act")
    check(f"session is at version {version + 1}" in page.text("#stale-message"), "the warning names the current version")
    page.press("Refresh to the current screen")
    expect((page.top(), page.one("#stale-banner").is_displayed()), ("settings", False), "refresh shows the current screen")
    driver.execute_cdp_cmd("Fetch.disable", {})


def walk_app_on_a_phone(page):
    """390 px: the launcher, onboarding and login, then the checkout sheet over the whole page."""
    page.size(*PHONE)
    page.open("/")
    page.start_session("app", {"onboarded": True})
    page.check_no_sideways_scroll("app on a phone")
    check(page.one(".phone").value_of_css_property("border-top-width") == "0px", "no phone frame inside a phone")
    expect(page.top(), "login", "an onboarded user starts at login")
    page.press(page.text("#launcher summary"), changes=False)
    expect(json.loads(page.labelled("Context (JSON)").get_attribute("value")), {"onboarded": True}, "the launcher shows the session's context")
    page.press(page.text("#launcher summary"), changes=False)
    page.tap("forgotPassword")
    expect((page.top(), page.title()), ("forgotPassword", page.title_of("forgotPassword")), "Forgot password, titled for people")
    page.submit("submit", {"email": "grace@example.com"})
    check(page.top() == "login" and page.one(".screen-active [data-param='notice']").is_displayed(), "back on login with a notice")
    page.submit("login", {"username": "grace", "password": "secret"})
    expect(page.top(), "home", "home on a phone")
    page.check_one_scroller("home on a phone")
    page.tap("checkout")
    expect(page.layers(), ["root", "sheet"], "the cart sheet on a phone")
    sheet = page.place(page.one(".layer-sheet"))
    height = page.driver.execute_script("return innerHeight")
    check(sheet[1] >= 0 and abs(sheet[1] + sheet[3] - height) <= 1, "the sheet reaches the bottom of the window", sheet)
    expect(page.driver.execute_script("return getComputedStyle(document.body).overflow"), "hidden", "the page under the sheet does not scroll")
    page.check_readable("the cart on a phone")
    page.shoot("app-390")
    page.tap("next")
    expect(page.top(), "address", "Next inside the sheet on a phone")
    page.press("Close")
    expect((page.top(), page.layers()), ("home", ["root"]), "Close dismisses it on a phone")
