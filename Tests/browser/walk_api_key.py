"""A server with --api-key: the page asks for the key, says a wrong one is
wrong, keeps the right one for the tab across a reload."""

from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser_support import WIDE, check, expect

KEY_STORAGE_NAME = "navigation-server.api-key"


def walk_with_api_key(page, server):
    driver = page.driver
    page.size(*WIDE)
    driver.get(server.base + "/")
    page.until(lambda: page.one("#api-key-panel").is_displayed(), "waiting to be asked for the key")
    check("needs an API key" in page.text("#api-key-message"), "the page says the server needs a key")
    expect(driver.switch_to.active_element.get_attribute("id"), "api-key-input", "focus is on the key field")
    expect(page.one("body").get_attribute("data-ready"), None, "nothing loads without the key")

    page.one("#api-key-input").send_keys("not-the-key", Keys.ENTER)
    page.until(lambda: "did not accept that key" in page.text("#api-key-message"), "waiting to be told the key is wrong")
    expect(page.one("#api-key-panel").is_displayed(), True, "a wrong key is asked for again")
    expect(page.one("#api-key-input").get_attribute("value"), "", "the wrong key is cleared from the field")
    expect(driver.execute_script(f"return sessionStorage.getItem('{KEY_STORAGE_NAME}')"), None, "a wrong key is not kept")

    page.one("#api-key-input").send_keys(server.key)
    page.press("Use this key", changes=False)
    page.ready()
    expect(page.one("#api-key-panel").is_displayed(), False, "the right key closes the form")
    expect([option.text for option in Select(page.labelled("Flow")).options], ["app", "exchange", "mail"], "GET /v1/flows with the key")
    expect(driver.execute_script(f"return sessionStorage.getItem('{KEY_STORAGE_NAME}')"), server.key, "the key is kept for the tab")
    expect(driver.execute_script("return localStorage.length"), 0, "nothing in localStorage")

    session_id = page.start_session("exchange")
    page.choose("select", "USD")
    page.submit("convert", {"amount": "100"})
    check(page.top() == "calculator" and "138,050" in page.text(".screen-active .params"), "events are sent with the key")
    expect(server.key in driver.current_url, False, "the key is not in the page URL")
    page.until(lambda: page.one("#connection-status").get_attribute("data-state") == "live", "waiting for the stream with the key")

    driver.refresh()
    page.ready()
    expect(page.one("#api-key-panel").is_displayed(), False, "a reload does not ask again")
    expect((page.session_id(), page.top(), page.version()), (session_id, "calculator", 3), "the reload reopens the session with the kept key")
    page.back()
    expect(page.top(), "rates", "and acts on it")
