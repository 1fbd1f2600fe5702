"""The `exchange` flow: rates as one-tap rows, the calculator with an error
beside its field, numbers formatted; the keyboard alone; two windows on one
session; a half-typed amount across changes made by another client; then a
phone, where a tap does not move the page."""

from selenium.webdriver.common.keys import Keys

from browser_support import PHONE, WIDE, check, expect, expect_near


def walk_exchange(page):
    page.size(*WIDE)
    page.start_session("exchange")
    expect((page.top(), page.version()), ("rates", 1), "a new session on rates")
    rows = [row.text.replace("\n", " ") for row in page.css(".screen-active [data-event-choice='select']")]
    check(any("USD" in row and "1,380.5" in row for row in rows), "each rate is a row with its rate formatted", rows)
    expect(page.css(".screen-active form"), [], "no text box to type a code into")
    page.check_readable("rates")
    page.choose("select", "USD")
    expect((page.top(), page.title()), ("calculator", page.title_of("calculator")), "one tap on USD pushes the calculator")

    page.submit("convert", {"amount": ""}, changes=False)
    error = page.one(".screen-active .field-error:not([hidden])")
    expect(error.text, "Enter a number.", "an empty amount is said beside its field")
    expect(page.why_not_visible(error), None, "the error is in view")
    expect(page.version(), 2, "nothing was sent")
    page.submit("convert", {"amount": "100"})
    params = page.text(".screen-active .params")
    check("138,050" in params and "1,380.5" in params, "the result and the rate, formatted", params)
    page.check_readable("the calculator")
    page.shoot("exchange-1280")
    page.back()
    expect(page.top(), "rates", "back to rates")


def walk_by_keyboard(page):
    """Only the keyboard: Tab to a row, Enter sends it."""
    driver = page.driver
    before = page.version()
    expect(driver.switch_to.active_element.text, page.title_of("rates"), "focus moved to the new screen's title")
    for _ in range(40):
        if driver.switch_to.active_element.get_attribute("data-choice") == "EUR":
            break
        driver.switch_to.active_element.send_keys(Keys.TAB)
    expect(driver.switch_to.active_element.get_attribute("data-choice"), "EUR", "Tab reaches the EUR row")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.wait_version(before + 1, "the keyboard's event")
    check(page.top() == "calculator" and "1,495.2" in page.text(".screen-active .params"), "the keyboard selected EUR")


def check_two_windows(page):
    """Two windows on one session: an event sent in one shows in the other, with its transition, without Refresh."""
    driver = page.driver
    if page.top() != "rates":
        page.back()
    first = driver.current_window_handle
    url = driver.current_url
    version = page.version()
    driver.switch_to.new_window("window")
    second = driver.current_window_handle
    driver.get(url)
    page.ready()
    expect((page.version(), page.top()), (version, "rates"), "the second window shows the same session")
    driver.switch_to.window(first)
    page.record_motions()
    driver.switch_to.window(second)
    page.choose("select", "JPY")
    driver.switch_to.window(first)
    page.wait_version(version + 1, "the first window to show the event sent in the second")
    expect((page.top(), page.motions()), ("calculator", ["enter-push"]), "the first window slid the calculator in")
    page.back()
    driver.switch_to.window(second)
    page.wait_version(version + 2, "the second window to show the back sent in the first")
    expect((page.top(), page.one("#stale-banner").is_displayed()), ("rates", False), "the second window is back on rates, not stale")
    driver.close()
    driver.switch_to.window(first)


def check_half_typed_form(page, server):
    """A half-typed amount survives a change made elsewhere, and is said, not wiped, when its screen goes."""
    page.choose("select", "GBP")
    calculator = page.one(".screen-active").get_attribute("data-screen-id")
    events = f"/v1/sessions/{page.session_id()}/events"
    page.fill("convert", {"amount": "12"})
    version = page.version()
    server.post_json(events, {"screen": calculator, "event": "convert", "payload": {"amount": 100}})
    page.wait_version(version + 1, "another client's conversion")
    check("175,280" in page.text(".screen-active .params"), "the other client's result shows")
    expect(page.field("convert", "amount").get_attribute("value"), "12", "the amount typed here is kept")
    expect(page.driver.switch_to.active_element.get_attribute("data-field"), "amount", "and keeps the focus")
    server.post_json(events, {"screen": calculator, "event": "back"})
    page.wait_version(version + 2, "another client's back")
    expect(page.top(), "rates", "the other client closed the calculator")
    notice = page.one("#draft-notice")
    check(notice.is_displayed() and "“12”" in notice.text and "not sent" in notice.text, "the page says what was typed and not sent", notice.text)
    expect(page.why_not_visible(notice), None, "that notice is in view")
    page.press("OK", changes=False)
    page.until(lambda: not page.one("#draft-notice").is_displayed(), "waiting for the notice to close")


def walk_exchange_on_a_phone(page):
    page.size(*PHONE)
    page.start_session("exchange")
    page.check_no_sideways_scroll("rates on a phone")
    page.check_one_scroller("rates on a phone")
    page.choose("select", "CNY")
    expect(page.top(), "calculator", "a row on a phone")
    page.fill("convert", {"amount": "2500"})
    button = page.control(page.label_of("convert"))
    page.reveal(button, "Convert")
    where = page.place(button)
    page.tap("convert")
    expect_near(page.place(page.control(page.label_of("convert"))), where, "the result shows above, yet Convert stays under the finger")
    check("476,000" in page.text(".screen-active .params"), "the result on a phone")
    page.check_readable("the calculator on a phone")
    page.shoot("exchange-390")
    page.back()
    expect(page.top(), "rates", "back on a phone")
