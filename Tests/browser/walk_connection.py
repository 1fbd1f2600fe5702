"""The connection and the session across a server stop and start, the
server's binary stopped and started by its pid: one status line says the
server is offline, then back online, then clears itself, and the stream
resumes; with a memory store the restart loses the session, and the page
says so and offers to start again; a session ended by another client, and
one that ends after a long idle time (the page's clock moved on)."""

from browser_support import WIDE, Server, check, expect

RECORD_STATUS = """
window.statusSaid = [];
new MutationObserver(() => window.statusSaid.push(document.getElementById("connection-status").textContent))
  .observe(document.getElementById("connection-status"), { childList: true, characterData: true, subtree: true });
"""


def status(page):
    line = page.one("#connection-status")
    return line.get_attribute("data-state")


def visible_problems(page):
    return [problem.text for problem in page.css("#phone .problem") if problem.is_displayed()]


def walk_server_restart(page, server):
    page.size(*WIDE)
    page.start_session("exchange")
    page.until(lambda: status(page) == "live", "waiting for the live stream")
    page.driver.execute_script(RECORD_STATUS)

    choices = [page.choice_words("select", code) for code in ("USD", "EUR", "USD")]
    server.stop()
    page.until(lambda: status(page) == "offline", "waiting for the page to say the server is offline")
    check("does not answer" in page.text("#connection-status"), "the status line says the server does not answer")
    for code in choices:
        page.press(code, mode="contains", changes=False)
        page.until(lambda: visible_problems(page), f"waiting for the tap on {code} to be refused")
        page.idle()
    problems = visible_problems(page)
    check(len(problems) == 1 and "does not answer" in problems[0], "one problem at a time, in plain words", problems)
    page.shoot("connection-offline")
    expect(len(page.css("#connection-status")), 1, "one status line")

    server.start()
    page.until(lambda: status(page) == "live", "waiting for the status line to clear itself after the server is back")
    said = page.driver.execute_script("return window.statusSaid")
    check(any(text.startswith("Back online") for text in said), "it said the server was back online", said)
    expect(visible_problems(page), [], "the page refreshed: no stale problems")
    version = page.version()
    rates = page.one(".screen-active").get_attribute("data-screen-id")
    server.post_json(f"/v1/sessions/{page.session_id()}/events", {"screen": rates, "event": "select", "payload": {"code": "USD"}})
    page.wait_version(version + 1, "an event from another client after the restart")
    expect(page.top(), "calculator", "the stream resumed")

    server.request("DELETE", f"/v1/sessions/{page.session_id()}")
    page.until(lambda: "ended in another tab or client" in page.text("#phone"), "waiting for the page to say the session ended")
    page.press("Start again", changes=False)
    page.until(lambda: page.css(".screen-active[data-screen-name='rates']"), "waiting for the new session")
    page.idle()

    # Ten minutes later by the page's clock, nothing having happened: a session that ends has expired.
    page.driver.execute_script("const now = Date.now.bind(Date); Date.now = () => now() + 10 * 60 * 1000;")
    server.request("DELETE", f"/v1/sessions/{page.session_id()}")
    page.until(lambda: "Session expired" in page.text("#phone"), "waiting for the page to say the idle session expired")
    check("for 10 minutes" in page.text("#phone"), "it says how long nothing happened")
    page.press("Start again", changes=False)
    page.until(lambda: page.css(".screen-active[data-screen-name='rates']"), "waiting for the new session")
    page.idle()


def walk_memory_restart(page, binary):
    memory = Server(binary, store="memory", log_name="server-memory.log")
    try:
        page.server = memory
        page.size(*WIDE)
        page.open("/")
        first = page.start_session("mail")
        page.until(lambda: status(page) == "live", "waiting for the live stream")
        memory.stop()
        page.until(lambda: status(page) == "offline", "waiting for the page to say the server is offline")
        memory.start()
        page.until(lambda: "restarted and lost" in page.text("#phone"), "waiting for the page to say the restart lost the session")
        check("expired" not in page.text("#phone"), "not blamed on idle expiry")
        page.shoot("session-lost-restart")
        expect(status(page), "idle", "no connection to speak of")
        page.press("Start again", changes=False)
        page.until(lambda: page.css(".screen-active[data-screen-name='mailboxes']"), "waiting for the new session")
        page.idle()
        check(page.session_id() != first, "a new session of the same flow")
        page.press("End session", changes=False)
        page.until(lambda: "You ended this session" in page.text("#phone"), "waiting for the page to say it was ended here")
        expect(page.one("#session-bar").is_displayed(), False, "nothing left to act on")
    finally:
        memory.close()
