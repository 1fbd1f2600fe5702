"""The page as a person uses it: controls found by the words on them, each
scrolled into view and checked to be really there (inside the window, not
cut off by a box, not under the tab bar) before it is tapped; waits that end
when the page is idle. Assertions read data attributes and visible text."""

import json
import re
import urllib.parse

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_support import ARTIFACTS, WAIT_SECONDS, all_screens, check, coordinator_types, event_label, field_label, live_screens, screen_title
from page_scripts import FIND_CONTROLS, FIND_FIELD, NESTED_SCROLLERS, RECORD_MOTIONS, WHY_NOT_VISIBLE

# Internal names a person should never read in the readable mode.
INTERNAL_WORDS = re.compile(r"\b[sc]\d+\b|\bm\d+\b|\((string|number|boolean|object|array)\)|\bSend \w+|\bnone\b")


class Page:
    def __init__(self, driver, server):
        self.driver = driver
        self.server = server
        # A live update may replace an element between finding and reading it: the wait reads again.
        self.wait = WebDriverWait(driver, WAIT_SECONDS, ignored_exceptions=(StaleElementReferenceException,))

    # --- Waiting and reading.

    def css(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def one(self, selector):
        self.until(lambda: self.css(selector), f"waiting for {selector}")
        return self.css(selector)[0]

    def text(self, selector):
        return self.one(selector).text.strip()

    def until(self, condition, what):
        try:
            self.wait.until(lambda _: condition(), what)
        except TimeoutException:
            body = self.driver.execute_script("return document.body.innerText")
            raise AssertionError(f"timed out {what}; the page shows:\n{body}") from None

    def open(self, path="/"):
        self.driver.get(self.server.base + path)
        self.ready()

    def ready(self):
        self.until(lambda: self.one("body").get_attribute("data-ready") == "true", "waiting for the client to load")
        self.idle()

    def idle(self):
        self.until(lambda: self.one("#phone").get_attribute("data-state") == "idle" and not self.css("#phone > .ghost"),
                   "waiting for the page to be idle")

    def version(self):
        return int(self.one("#phone").get_attribute("data-version") or -1)

    def wait_version(self, version, what):
        """Waits for the page to show `version` or a later one: an event that performs an effect whose
        outcome came within --effect-wait answers with the outcome's version too."""
        self.until(lambda: self.version() >= version, f"waiting for {what} (version {version})")
        self.idle()

    def top(self):
        """The name of the interactive screen on top (the last one, in a split view)."""
        return self.css("#phone > .layer:not(.ghost):last-of-type .screen-active")[-1].get_attribute("data-screen-name")

    def shown(self):
        """The names of the screens drawn, in order."""
        return [screen.get_attribute("data-screen-name") for screen in self.css("#phone > .layer:not(.ghost) .screen")]

    def layers(self):
        return [layer.get_attribute("data-presentation") for layer in self.css("#phone > .layer:not(.ghost)")]

    def title(self):
        return self.css("#phone > .layer:not(.ghost):last-of-type .screen-active .nav-title")[-1].text

    def visible_text(self):
        return self.driver.execute_script("return document.body.innerText")

    def session_id(self):
        return urllib.parse.parse_qs(urllib.parse.urlparse(self.driver.current_url).query)["session"][0]

    def document(self):
        return self.server.get_json(f"/v1/sessions/{self.session_id()}")

    def shoot(self, name):
        path = ARTIFACTS / "screens" / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.driver.save_screenshot(str(path))
        print(f"  ok  screenshot {path}")
        return path

    def size(self, width, height):
        self.driver.set_window_size(width, height)
        self.until(lambda: self.driver.execute_script("return innerWidth") == width, f"waiting for a {width} px wide window")

    # --- Finding controls by their words, as a person does.

    def controls(self, words, mode="exact"):
        return self.driver.execute_script(FIND_CONTROLS, words, mode)

    def control(self, words, mode="exact"):
        self.until(lambda: len(self.controls(words, mode)) == 1, f"waiting for one control saying {words!r} ({mode})")
        return self.controls(words, mode)[0]

    def reveal(self, element, what):
        """Scrolls `element` into view as a person would, then checks it is fully visible."""
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
        why = self.driver.execute_script(WHY_NOT_VISIBLE, element)
        if why is not None:
            raise AssertionError(f"{what} is not visible after scrolling to it: {why}")

    def place(self, element):
        """Where `element` is in the window (not the page): x, y, width, height, rounded."""
        box = self.driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x, r.y, r.width, r.height]", element)
        return tuple(round(value) for value in box)

    def why_not_visible(self, element):
        return self.driver.execute_script(WHY_NOT_VISIBLE, element)

    def press(self, words, mode="exact", changes=True):
        """Taps the control saying `words`; with `changes`, waits for the session's next version."""
        self.idle()
        before = self.version()
        element = self.control(words, mode)
        self.reveal(element, f"the control {words!r}")
        element.click()
        if changes:
            self.wait_version(before + 1, f"{words!r} to apply")

    def label_of(self, event_name):
        """The label a person reads for `event_name` on a live screen, from the server's document."""
        for screen in live_screens(self.document()):
            for event in screen["events"]:
                if event["name"] == event_name:
                    return event_label(event)
        raise AssertionError(f"no live screen accepts {event_name!r}")

    def tap(self, event_name, changes=True):
        """Taps the button (or a form's submit button) of `event_name`, found by its label."""
        self.press(self.label_of(event_name), changes=changes)

    def choice_words(self, event_name, value, words=None):
        """What the one-tap choice of `value` for `event_name` says: the server's label for it when there
        is one, else `words` (what the page shows from the params; the value itself by default)."""
        for screen in live_screens(self.document()):
            for event in screen["events"]:
                fields = list((event.get("fields") or {}).values())
                if event["name"] == event_name and len(fields) == 1 and isinstance(fields[0], dict) and fields[0].get("labels"):
                    return fields[0]["labels"][fields[0]["enum"].index(value)]
        return words or value

    def choose(self, event_name, value, words=None):
        """Taps the one-tap choice (a row or a button) of `value` for `event_name`."""
        self.press(self.choice_words(event_name, value, words), mode="contains")

    def title_of(self, name):
        """The title a person reads for the screen called `name` in the session (the top one of that name)."""
        document = self.document()
        screens = [screen for screen in document["stack"] if screen["name"] == name] or [
            screen for screen in all_screens(document.get("layout")) if screen["name"] == name]
        return screen_title(screens[-1])

    def back(self, changes=True):
        self.press("‹", mode="starts", changes=changes)

    def field(self, event_name, name):
        """The input of field `name` of `event_name`'s form, found by its label."""
        for screen in live_screens(self.document()):
            for event in screen["events"]:
                if event["name"] == event_name and name in (event.get("fields") or {}):
                    words = field_label(name, event["fields"][name])
                    self.until(lambda: len(self.driver.execute_script(FIND_FIELD, words)) == 1, f"waiting for the field {words!r}")
                    return self.driver.execute_script(FIND_FIELD, words)[0]
        raise AssertionError(f"no live screen has a field {name!r} in {event_name!r}")

    def fill(self, event_name, values):
        for name, value in values.items():
            field = self.field(event_name, name)
            self.reveal(field, f"the field {name!r}")
            field.clear()
            if value:
                field.send_keys(value)

    def submit(self, event_name, values, changes=True):
        """Fills `event_name`'s form and taps its button."""
        self.fill(event_name, values)
        self.tap(event_name, changes=changes)

    def labelled(self, words):
        """The one control labelled `words` (a <label> a person reads)."""
        self.until(lambda: len(self.driver.execute_script(FIND_FIELD, words)) == 1, f"waiting for the field {words!r}")
        return self.driver.execute_script(FIND_FIELD, words)[0]

    def start_session(self, flow, context=None):
        """Chooses `flow` (and `context`) in the launcher, taps its start button, waits for the first screen."""
        self.idle()
        if self.one("#launcher").get_attribute("open") is None:
            self.press(self.text("#launcher summary"), changes=False)
            self.until(lambda: self.one("#launcher").get_attribute("open") is not None, "waiting for the launcher to open")
        before = self.driver.current_url
        Select(self.labelled("Flow")).select_by_value(flow)
        if context is not None:
            editor = self.labelled("Context (JSON)")
            editor.clear()
            editor.send_keys(json.dumps(context))
        self.press(self.text("#start-session"), changes=False)
        self.until(lambda: self.driver.current_url != before and "session=" in self.driver.current_url and self.css(".screen-active"),
                   f"waiting for the first screen of {flow}")
        self.idle()
        return self.session_id()

    def internals(self, shown):
        toggle = self.one("#internals-toggle")
        if toggle.is_selected() != shown:
            self.one(".internals-toggle").click()
        self.until(lambda: ("show-internals" in self.one("body").get_attribute("class").split()) == shown, "waiting for the internals toggle")

    def actions(self):
        """The words on the top screen's action buttons, in the order drawn."""
        return [button.text for button in self.css("#phone > .layer:not(.ghost):last-of-type .screen-active .actions button")
                if not button.get_attribute("data-event-choice")]

    def coordinators(self):
        return [node.get_attribute("data-coordinator") for node in self.css("#coordinator-tree li")]

    def history(self):
        return [
            (entry.find_element(By.CSS_SELECTOR, ".history-operation").get_attribute("textContent"),
             entry.find_element(By.CSS_SELECTOR, ".history-screen").get_attribute("textContent"))
            for entry in self.css("#history-list .history-entry")
        ]

    # --- What a person must (not) see.

    def check_readable(self, where):
        """No internal ids, coordinator names, type suffixes or "Send x" on the page."""
        document = self.document()
        text = self.visible_text()
        found = INTERNAL_WORDS.findall(text) + [name for name in coordinator_types(document.get("coordinators")) if name in text]
        found += [document["id"]] if document["id"] in text else []
        check(not found, f"{where}: nothing internal on the page", found)

    def check_no_sideways_scroll(self, where):
        width = self.driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        check(width[0] <= width[1], f"{where}: no sideways scrolling ({width[0]} ≤ {width[1]})")

    def check_one_scroller(self, where):
        scrollers = self.driver.execute_script(NESTED_SCROLLERS)
        check(scrollers == [], f"{where}: no scroll box inside the page", scrollers)

    def record_motions(self):
        """From now on, every transition class the page adds is recorded (read with `motions`)."""
        self.driver.execute_script(RECORD_MOTIONS)

    def motions(self):
        """The transitions played since the last call."""
        return self.driver.execute_script("const seen = window.recordedMotions || []; window.recordedMotions = []; return seen;")

