#!/usr/bin/env python3
"""The web client in a real browser: headless Debian chromium through
chromium-driver and Selenium, against the built navigation-server.

    .venv-test/bin/python Tests/browser/test_web_client.py [path/to/navigation-server]

(`make browser-test` installs Selenium into .venv-test and runs this.)

Starts the server on a free port (`--port 0`, the port read from its
listening line), opens `/`, and walks the `app` flow as a person would:
onboarding, a login with an empty password (the error shows), login,
profile, back, the checkout sheet, dismissed by the user, logout. Then a
stale tab (412), a reload that reopens the same session, and the `exchange`
calculator with a payload the server refuses (422), its rates picked with
one tap (the `select` field's `enum`); two windows on one session, where an
event sent in one shows (and animates) in the other through the live stream;
deep links: a session started from `/?flow=app&link=/profile` that holds the
link until login, and the "Open link" field. Then `mail` at a wide and a
narrow width: the split view as two columns, then collapsed to one; the tab
bar; the compose sheet over everything. Then a second server
with `--api-key`: the page asks for the key, says a wrong one is wrong, and
keeps the right one for the tab across a reload. After each step it checks
what the page shows. The checkout sheet is saved as
Tests/browser/artifacts/checkout-sheet.png; with UPDATE_README_SCREENSHOT=1
it is also copied to docs/web-client.png for the README.
"""

import json
import os
import shutil
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser_support import ARTIFACTS, ROOT, Page, Server, chromium, expect

def walk_app(page, server):
    driver = page.driver
    driver.get(server.base + "/")
    page.until(lambda: page.one("body").get_attribute("data-ready") == "true", "waiting for the client to load")
    expect([option.text for option in Select(page.one("#flow-select")).options], ["app", "exchange", "mail"], "the flows of GET /v1/flows")
    expect(json.loads(page.one("#context-editor").get_attribute("value")), {"onboarded": False, "token": None}, "app's context defaults")

    page.one("#start-session").click()
    page.until(lambda: page.css(".screen-active"), "waiting for the first screen")
    session_id = page.text("#session-id")
    expect(driver.current_url, f"{server.base}/?session={session_id}", "the session id in the page URL")
    expect((page.top(), page.version(), page.layers()), ("welcome", 1, ["root"]), "onboarding starts on welcome")
    expect(page.coordinators(), ["AppCoordinator", "OnboardingCoordinator"], "the coordinator tree")
    expect(page.history(), [("setRoot", "welcome (s1)")], "the router history")

    page.record_motions()
    page.act("next")
    expect(page.top(), "features", "next pushes features")
    expect(page.motions(), ["enter-push"], "a push slides in")
    expect(page.text(".screen-active .nav-back"), "‹ Welcome", "a pushed screen has a back button")
    page.act("next")
    expect((page.top(), page.css(".screen-active .nav-back")), ("login", []), "onboarding ends on login, a root without back")

    page.act("login", {"username": "ada", "password": ""})
    expect(page.top(), "login", "an empty password stays on login")
    expect(page.param("error"), "Enter your password.", "the login error shows")
    page.act("login", {"username": "ada", "password": "secret"})
    expect(page.top(), "home", "login shows home")
    expect(page.param("username"), "ada", "home shows the user")
    expect(page.coordinators(), ["AppCoordinator", "MainCoordinator"], "auth finished, main started")

    page.act("selectProfile")
    expect((page.top(), page.param("username")), ("profile", "ada"), "profile reads the user")
    expect(page.coordinators(), ["AppCoordinator", "MainCoordinator", "ProfileCoordinator"], "a profile coordinator")
    expect(page.history()[-1], ("push", "profile (s5)"), "the push in the history")
    expect(
        page.css("#history-list .history-entry")[-1].find_element(By.CSS_SELECTOR, ".history-coordinator").text,
        "by ProfileCoordinator",
        "the history says which coordinator pushed",
    )
    page.motions()
    page.act("back")
    expect(page.top(), "home", "back pops profile")
    expect(page.motions(), ["exit-pop"], "a pop slides out")
    expect(page.coordinators(), ["AppCoordinator", "MainCoordinator"], "the profile coordinator is gone")
    expect(page.history()[-1], ("pop", "profile (s5)"), "the pop in the history")

    page.act("checkout")
    expect((page.top(), page.layers()), ("cart", ["root", "sheet"]), "checkout presents the cart in a sheet")
    expect(page.motions(), ["enter-rise"], "a sheet rises")
    expect(page.one(".layer-root").get_attribute("aria-hidden"), "true", "the screen under the sheet is not interactive")
    expect(page.text(".screen-active .nav-dismiss"), "Close", "the sheet has a dismiss control")
    screenshot = ARTIFACTS / "checkout-sheet.png"
    driver.save_screenshot(str(screenshot))
    print(f"  ok  saved {screenshot.relative_to(ROOT)}")
    if os.environ.get("UPDATE_README_SCREENSHOT") == "1":
        shutil.copyfile(screenshot, ROOT / "docs" / "web-client.png")
        print("  ok  copied it to docs/web-client.png")

    page.act("dismiss")
    expect((page.top(), page.layers()), ("home", ["root"]), "the user dismissed the sheet")
    expect(page.motions(), ["exit-sink"], "a dismissed sheet sinks")
    expect(page.coordinators(), ["AppCoordinator", "MainCoordinator"], "the checkout coordinator is gone")
    expect(page.param("lastCheckout"), "dismissed", "home learns the checkout was dismissed")

    # A stale tab: another client moves the session on; acting here is refused (412) and the page says so.
    # Live updates would usually show the change first, so this tab's stream is blocked for the race.
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/stream*"]})
    driver.refresh()
    page.until(lambda: page.one("body").get_attribute("data-ready") == "true", "waiting for the reload without a stream")
    version = page.version()
    server.post_json(f"/v1/sessions/{session_id}/events", {"screen": page.one(".screen-active").get_attribute("data-screen-id"), "event": "openSettings"})
    page.one(".screen-active [data-event='logout']").click()
    page.until(lambda: page.one("#stale-banner").is_displayed(), "waiting for the stale-tab warning")
    expect(page.version(), version, "the stale tab did not act")
    message = page.text("#stale-message")
    expect(f"session is at version {version + 1}" in message, True, "the warning names the current version")
    page.one("#stale-refresh").click()
    page.until(lambda: page.version() == version + 1, "waiting for the refresh")
    expect((page.top(), page.one("#stale-banner").is_displayed()), ("settings", False), "refresh shows the current screen")
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})

    # Reload: the server is the source of truth, the URL keeps the session.
    driver.refresh()
    page.until(lambda: page.one("body").get_attribute("data-ready") == "true", "waiting for the reload")
    expect((page.text("#session-id"), page.top(), page.version()), (session_id, "settings", version + 1), "a reload reopens the same session")
    page.act("back")

    page.act("logout")
    expect((page.top(), page.layers()), ("login", ["root"]), "logout shows login")
    expect(page.coordinators(), ["AppCoordinator", "AuthCoordinator"], "main finished, auth started")


def choose(page, event, value):
    """Taps one of the event's one-tap choices on the top screen and waits for the next version."""
    before = page.version()
    page.idle()
    page.one(f".screen-active [data-event-choice='{event}'][data-choice='{value}']").click()
    page.until(lambda: page.version() == before + 1, f"waiting for {event} {value} to apply")
    page.idle()


def walk_exchange(page):
    Select(page.one("#flow-select")).select_by_value("exchange")
    page.one("#start-session").click()
    page.until(lambda: page.css(".screen-active[data-screen-name='rates']"), "waiting for rates")
    page.idle()
    expect(page.version(), 1, "a new session at version 1")
    choices = [button.text for button in page.css(".screen-active [data-event-choice='select']")]
    expect(choices, ["USD", "EUR", "JPY", "GBP", "CNY"], "select's allowed codes are one-tap choices")
    expect(page.css(".screen-active [data-event-form='select']"), [], "no text box to type a code into")
    choose(page, "select", "USD")
    expect(page.top(), "calculator", "one tap on USD pushes the calculator")

    page.one(".screen-active [data-event='convert']").click()
    page.one(".screen-active [data-field='amount']").clear()
    page.one(".screen-active [data-submit='convert']").click()
    page.until(lambda: page.one(".screen-active [data-event-block='convert'] .problem").is_displayed(), "waiting for the 422")
    expect(page.text(".screen-active #form-s2-convert-amount-error"), "must be a number, not null", "the field error next to the input")
    expect(page.version(), 2, "a refused event changes nothing")
    page.act("convert", {"amount": "100"})
    expect(page.param("result"), "138050", "the calculator converts")
    page.act("back")
    expect(page.top(), "rates", "back to rates")


def check_two_windows(page):
    """Two windows on one session: an event sent in one shows in the other, with its transition, without Refresh."""
    driver = page.driver
    if page.top() != "rates":
        page.act("back")
    first = driver.current_window_handle
    url = driver.current_url
    version = page.version()
    driver.switch_to.new_window("window")
    second = driver.current_window_handle
    driver.get(url)
    page.until(lambda: page.one("body").get_attribute("data-ready") == "true", "waiting for the second window")
    expect((page.version(), page.top()), (version, "rates"), "the second window shows the same session")
    driver.switch_to.window(first)
    page.record_motions()
    driver.switch_to.window(second)
    choose(page, "select", "USD")
    driver.switch_to.window(first)
    page.until(lambda: page.version() == version + 1, "waiting for the first window to show the event sent in the second")
    page.idle()
    expect((page.top(), page.motions()), ("calculator", ["enter-push"]), "the first window slid the calculator in")
    page.act("back")
    driver.switch_to.window(second)
    page.until(lambda: page.version() == version + 2, "waiting for the second window to show the back sent in the first")
    page.idle()
    expect((page.top(), page.one("#stale-banner").is_displayed()), ("rates", False), "the second window is back on rates, not stale")
    driver.close()
    driver.switch_to.window(first)


def walk_by_keyboard(page):
    """Only the keyboard: Tab to a choice, Enter sends it."""
    driver = page.driver
    before = page.version()
    expect(driver.switch_to.active_element.text, "Rates", "focus moved to the new screen's title")
    for _ in range(40):
        if driver.switch_to.active_element.get_attribute("data-choice") == "EUR":
            break
        driver.switch_to.active_element.send_keys(Keys.TAB)
    expect(driver.switch_to.active_element.get_attribute("data-choice"), "EUR", "Tab reaches the EUR choice")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.until(lambda: page.version() == before + 1, "waiting for the keyboard's event")
    page.idle()
    expect((page.top(), page.param("item")), ("calculator", "Code\nEUR\nRate\n1495.2"), "the keyboard selected EUR")


def walk_links(page, server):
    """A session started from a link, held until login, then the Open link field."""
    driver = page.driver
    driver.get(server.base + "/?flow=app&link=/profile")
    page.until(lambda: page.one("body").get_attribute("data-ready") == "true", "waiting for the client to load")
    page.until(lambda: page.css(".screen-active[data-screen-name='welcome']"), "waiting for the linked session")
    page.idle()
    session_id = page.text("#session-id")
    expect(driver.current_url, f"{server.base}/?session={session_id}", "the page URL names the session, not the link")
    expect((page.version(), page.text("#pending-link-value")), (2, "/profile"), "the link is held during onboarding")
    page.act("skip")
    page.act("login", {"username": "ada", "password": ""})
    expect((page.top(), page.one("#pending-link").is_displayed()), ("login", True), "a failed login keeps it held")
    page.act("login", {"username": "ada", "password": "secret"})
    expect((page.top(), page.layers()), ("profile", ["root"]), "right after login the link shows the profile")
    expect(page.one("#pending-link").is_displayed(), False, "nothing is held any more")
    expect(page.history()[-2:], [("setRoot", "home (s3)"), ("push", "profile (s4)")], "the router calls of the followed link")

    before = page.version()
    page.one("#link-input").send_keys("/checkout", Keys.ENTER)
    page.until(lambda: page.version() == before + 1, "waiting for the opened link")
    page.idle()
    expect((page.top(), page.layers()), ("cart", ["root", "sheet"]), "Open link /checkout: home, then the cart sheet")
    page.one("#link-input").send_keys("/rates/USD", Keys.ENTER)
    page.until(lambda: page.one("#link-problem").is_displayed(), "waiting for the unknown link's problem")
    expect("/home, /profile, /settings, /checkout" in page.text("#link-problem"), True, "an unknown link lists the patterns")
    expect(page.version(), before + 1, "an unknown link changes nothing")


def check_phone_width(page):
    page.driver.set_window_size(390, 844)
    width = page.driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    expect(width[0] <= width[1], True, f"no sideways scrolling at phone width ({width[0]} ≤ {width[1]})")
    expect(page.one(".screen-active .nav-back").is_displayed(), True, "the back button is visible at phone width")


def column_screen(page, column):
    """The name of the live screen shown in a split view column."""
    return page.one(f".column-{column} .screen").get_attribute("data-screen-name")


def click_and_wait(page, selector, what):
    before = page.version()
    page.idle()
    page.one(selector).click()
    page.until(lambda: page.version() == before + 1, f"waiting for {what}")
    page.idle()


def walk_mail(page):
    """`mail`: a tab bar, a split view drawn as two columns when wide and collapsed to one when narrow."""
    driver = page.driver
    driver.set_window_size(1280, 1000)
    Select(page.one("#flow-select")).select_by_value("mail")
    page.one("#start-session").click()
    page.until(lambda: page.css(".column-primary .screen-active[data-screen-name='mailboxes']"), "waiting for mailboxes")
    page.idle()
    expect((column_screen(page, "primary"), column_screen(page, "secondary")), ("mailboxes", "empty"), "two columns")
    primary = page.one(".column-primary").rect
    secondary = page.one(".column-secondary").rect
    expect(primary["x"] < secondary["x"] and primary["y"] == secondary["y"], True, "wide: the columns side by side")
    expect([tab.text for tab in page.css(".tab-bar [data-tab]")], ["Mail", "Settings"], "the tab bar under the screens")
    expect(page.one(".tab[data-tab='mail']").get_attribute("aria-selected"), "true", "the mail tab is selected")
    expect(page.css(".screen-active [data-event='selectTab']"), [], "selectTab is the tab bar's, not a screen button")

    page.act("open", {"mailbox": "inbox"})
    expect(column_screen(page, "primary"), "messages", "open pushes messages in the primary column")
    expect(page.text(".column-primary .nav-back"), "‹ Mailboxes", "messages has a back button")
    page.act("read", {"message": "m1"})
    expect((column_screen(page, "primary"), column_screen(page, "secondary")), ("messages", "message"), "read shows the message beside the list")
    expect(len(page.css(".screen-active")), 2, "the top of each column is live")
    expect(page.css("#history-list .history-entry")[-1].find_element(By.CSS_SELECTOR, ".history-place").text, "in tab mail, secondary column", "the history says where the message went")
    expect(page.coordinators()[-2:], ["MessageCoordinator", "MailSettingsCoordinator"], "a message coordinator")

    click_and_wait(page, ".tab[data-tab='settings']", "the settings tab")
    expect(page.one(".screen-active").get_attribute("data-screen-name"), "mailSettings", "the settings tab shows its stack")
    expect(page.css(".split-view"), [], "the split view is in the other tab")
    click_and_wait(page, ".tab[data-tab='mail']", "the mail tab")
    expect((column_screen(page, "primary"), column_screen(page, "secondary")), ("messages", "message"), "the mail tab kept its stacks")

    page.act("reply")
    expect(page.layers(), ["root", "sheet"], "compose is a sheet over the whole split view")
    expect(page.one(".layer-containers").get_attribute("aria-hidden"), "true", "the columns and tab bar are inert under it")
    expect(page.one(".tab[data-tab='settings']").is_enabled(), False, "no tab switch under a sheet")
    page.act("cancel")
    expect(page.layers(), ["root"], "cancel dismisses compose")
    page.act("archive")
    expect(column_screen(page, "secondary"), "empty", "archive shows empty again")

    driver.set_window_size(390, 844)
    page.until(lambda: page.one(".column-secondary").rect["y"] > page.one(".column-primary").rect["y"], "waiting for the narrow layout")
    primary = page.one(".column-primary").rect
    secondary = page.one(".column-secondary").rect
    expect(secondary["y"] >= primary["y"] + primary["height"] - 1 and secondary["x"] == primary["x"], True, "narrow: collapsed to one column")
    width = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    expect(width[0] <= width[1], True, f"no sideways scrolling with a split view ({width[0]} ≤ {width[1]})")
    page.act("read", {"message": "m3"})
    expect(column_screen(page, "secondary"), "message", "narrow: reading still shows the message")
    page.act("back")
    expect((column_screen(page, "primary"), column_screen(page, "secondary")), ("mailboxes", "message"), "narrow: back pops the primary column")
    expect(page.one(".tab-bar").is_displayed(), True, "narrow: the tab bar is shown")

    # The Open link field on mail: the compose sheet is dismissed first, then
    # m4's mailbox opens in the primary column and m4 beside it.
    page.act("reply")
    expect(page.layers(), ["root", "sheet"], "compose is open before the link")
    before = page.version()
    expect((page.one("#link-input").get_attribute("value"), page.one("#link-problem").is_displayed()), ("", False),
           "a new session starts with an empty link field and no link problem")
    page.one("#link-input").send_keys("/messages/m4", Keys.ENTER)
    page.until(lambda: page.version() == before + 1, "waiting for the mail link")
    page.idle()
    expect(page.layers(), ["root"], "Open link /messages/m4: the compose sheet dismissed")
    expect((column_screen(page, "primary"), column_screen(page, "secondary")), ("messages", "message"), "the archive beside m4")
    expect([operation for operation, _ in page.history()[-5:]], ["dismiss", "push", "update", "update", "setRoot"], "the link's router calls")
    expect(page.one("#link-problem").is_displayed(), False, "the followed link clears the last problem")
    page.one("#link-input").send_keys("/messages/m9", Keys.ENTER)
    page.until(lambda: page.one("#link-problem").is_displayed(), "waiting for the refused mail link")
    expect("unknown message 'm9'" in page.text("#link-problem"), True, "a message mail does not have is refused")
    expect(page.version(), before + 1, "a refused link changes nothing")


API_KEY = "browser-test-key-7Qx"
KEY_STORAGE_NAME = "navigation-server.api-key"


def walk_with_api_key(page, server):
    """A server with --api-key: the page asks for the key, says a wrong one is wrong, keeps the right one for the tab."""
    driver = page.driver
    driver.set_window_size(1280, 1000)
    driver.get(server.base + "/")
    page.until(lambda: page.one("#api-key-panel").is_displayed(), "waiting to be asked for the key")
    expect("needs an API key" in page.text("#api-key-message"), True, "the page says the server needs a key")
    expect(driver.switch_to.active_element.get_attribute("id"), "api-key-input", "focus is on the key field")
    expect(page.one("body").get_attribute("data-ready"), None, "nothing loads without the key")

    page.one("#api-key-input").send_keys("not-the-key", Keys.ENTER)
    page.until(lambda: "did not accept that key" in page.text("#api-key-message"), "waiting to be told the key is wrong")
    expect(page.one("#api-key-panel").is_displayed(), True, "a wrong key is asked for again")
    expect(page.one("#api-key-input").get_attribute("value"), "", "the wrong key is cleared from the field")
    expect(driver.execute_script(f"return sessionStorage.getItem('{KEY_STORAGE_NAME}')"), None, "a wrong key is not kept")

    page.one("#api-key-input").send_keys(API_KEY)
    page.one("#api-key-submit").click()
    page.until(lambda: page.one("body").get_attribute("data-ready") == "true", "waiting for the client to load with the key")
    expect(page.one("#api-key-panel").is_displayed(), False, "the right key closes the form")
    expect([option.text for option in Select(page.one("#flow-select")).options], ["app", "exchange", "mail"], "GET /v1/flows with the key")
    expect(driver.execute_script(f"return sessionStorage.getItem('{KEY_STORAGE_NAME}')"), API_KEY, "the key is kept for the tab")
    expect(driver.execute_script("return localStorage.length"), 0, "nothing in localStorage")

    Select(page.one("#flow-select")).select_by_value("exchange")
    page.one("#start-session").click()
    page.until(lambda: page.css(".screen-active[data-screen-name='rates']"), "waiting for rates")
    page.idle()
    session_id = page.text("#session-id")
    choose(page, "select", "USD")
    page.act("convert", {"amount": "100"})
    expect((page.top(), page.param("result")), ("calculator", "138050"), "events are sent with the key")
    expect(API_KEY in driver.current_url, False, "the key is not in the page URL")

    driver.refresh()
    page.until(lambda: page.one("body").get_attribute("data-ready") == "true", "waiting for the reload")
    expect(page.one("#api-key-panel").is_displayed(), False, "a reload does not ask again")
    expect((page.text("#session-id"), page.top(), page.version()), (session_id, "calculator", 3), "the reload reopens the session with the kept key")
    page.act("back")
    expect(page.top(), "rates", "and acts on it")


def console_errors(driver, expected_statuses):
    """SEVERE console entries, less the failed requests with an expected status (logged by every browser)."""
    return [
        entry
        for entry in driver.get_log("browser")
        if entry.get("level") == "SEVERE"
        and not any(f"status of {status}" in entry["message"] for status in expected_statuses)
        # The stream the stale-tab check blocks on purpose.
        and not ("/stream" in entry["message"] and "ERR_BLOCKED_BY_CLIENT" in entry["message"])
    ]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "navigation-server")
    server = Server(binary)
    key_server = None
    driver = None
    try:
        driver = chromium()
        page = Page(driver)
        print(f"browser test against {server.base}")
        walk_app(page, server)
        walk_exchange(page)
        walk_by_keyboard(page)
        check_phone_width(page)
        check_two_windows(page)
        walk_links(page, server)
        walk_mail(page)
        expect(console_errors(driver, [404, 409, 412, 422]), [], "no errors in the browser console (CSP violations, script errors)")
        key_server = Server(binary, "--api-key", API_KEY, log_name="server-api-key.log")
        print(f"browser test against {key_server.base} with --api-key")
        walk_with_api_key(page, key_server)
        expect(console_errors(driver, [401]), [], "no errors in the browser console with an API key")
        print("browser test passed")
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
        if key_server is not None:
            key_server.stop()


if __name__ == "__main__":
    main()
