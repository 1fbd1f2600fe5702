"""What the browser test drives: the server on a free port, headless chromium,
and the page as a person sees it, with waits that end when the page is idle."""

import json
import pathlib
import shutil
import subprocess
import tempfile
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "Tests" / "browser" / "artifacts"
WAIT_SECONDS = 15


class Server:
    """navigation-server on 127.0.0.1 with a free port and `arguments`; the request log goes to `log_name`."""

    def __init__(self, binary, *arguments, log_name="server.log"):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.log = open(ARTIFACTS / log_name, "w")
        self.data = tempfile.mkdtemp(prefix="navigation-browser-")
        self.process = subprocess.Popen(
            [binary, "--host", "127.0.0.1", "--port", "0", "--store", "file:" + self.data, *arguments],
            stdout=subprocess.PIPE, stderr=self.log, text=True,
        )
        line = self.process.stdout.readline().strip()
        prefix = "navigation-server listening on "
        if not line.startswith(prefix):
            self.stop()
            raise SystemExit(f"the server did not start: {line!r}")
        self.base = line[len(prefix):]

    def post_json(self, path, body):
        request = urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            return json.load(response)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
        shutil.rmtree(self.data, ignore_errors=True)


def chromium():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,1000"):
        options.add_argument(argument)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


class Page:
    """The client as a person sees it, with waits that end when the page is idle."""

    def __init__(self, driver):
        self.driver = driver
        self.wait = WebDriverWait(driver, WAIT_SECONDS)

    def css(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def one(self, selector):
        self.wait.until(lambda _: self.css(selector), f"waiting for {selector}")
        return self.css(selector)[0]

    def text(self, selector):
        return self.one(selector).text.strip()

    def until(self, condition, what):
        try:
            self.wait.until(lambda _: condition(), what)
        except TimeoutException:
            raise AssertionError(f"timed out {what}; the page shows:\n{self.css('body')[0].text}") from None

    def idle(self):
        self.until(lambda: self.one("#phone").get_attribute("data-state") == "idle", "waiting for the page to be idle")

    def version(self):
        return int(self.one("#phone").get_attribute("data-version") or -1)

    def top(self):
        """The name of the interactive screen."""
        return self.one(".layer:last-of-type .screen-active").get_attribute("data-screen-name")

    def layers(self):
        return [layer.get_attribute("data-presentation") for layer in self.css("#phone > .layer:not(.ghost)")]

    def param(self, name):
        return self.text(f".screen-active .params-list > [data-param='{name}'] > dd")

    def coordinators(self):
        return [node.get_attribute("data-coordinator") for node in self.css("#coordinator-tree li")]

    def history(self):
        return [
            (entry.find_element(By.CSS_SELECTOR, ".history-operation").text, entry.find_element(By.CSS_SELECTOR, ".history-screen").text)
            for entry in self.css("#history-list .history-entry")
        ]

    def record_motions(self):
        """From now on, every transition class the page adds is recorded (read with `motions`)."""
        self.driver.execute_script(
            """
            window.recordedMotions = [];
            const motions = (classes) => (classes || "").split(/\\s+/).filter((name) => /^(enter|exit)-/.test(name));
            new MutationObserver((records) => {
              const first = new Map();
              for (const record of records) if (!first.has(record.target)) first.set(record.target, record.oldValue);
              for (const [target, oldValue] of first) {
                const before = motions(oldValue);
                window.recordedMotions.push(...motions(target.className).filter((name) => !before.includes(name)));
              }
            }).observe(document.getElementById("phone"), { attributes: true, attributeFilter: ["class"], attributeOldValue: true, subtree: true });
            """
        )

    def motions(self):
        """The transitions played since the last call."""
        return self.driver.execute_script("const seen = window.recordedMotions; window.recordedMotions = []; return seen;")

    def act(self, event, fields=None):
        """Clicks the event's control on the top screen (filling its form) and waits for the next version."""
        before = self.version()
        self.idle()
        control = self.one(f".screen-active [data-event='{event}']")
        if control.get_attribute("aria-expanded") != "true":
            control.click()
        if fields is not None:
            for name, value in fields.items():
                field = self.one(f".screen-active [data-event-form='{event}'] [data-field='{name}']")
                field.clear()
                field.send_keys(value)
            self.one(f".screen-active [data-submit='{event}']").click()
        self.until(lambda: self.version() == before + 1, f"waiting for {event} to apply (version {before} → {before + 1})")
        self.idle()


def expect(actual, expected, what):
    if actual != expected:
        raise AssertionError(f"{what}: expected {expected!r}, got {actual!r}")
    print(f"  ok  {what}")
