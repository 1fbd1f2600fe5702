"""What the browser test drives: the server binary (started, stopped and
started again by pid, on a port it keeps), headless chromium, and the words
a person reads for screens and events, as the server or the page's
fallback (web/labels.js) gives them."""

import json
import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Screenshots and server logs: kept after the run, never committed (.build is ignored).
ARTIFACTS = pathlib.Path(os.environ.get("BROWSER_ARTIFACTS", ROOT / ".build" / "browser-artifacts"))
WAIT_SECONDS = 30
WIDE = (1280, 1000)
PHONE = (390, 844)


class Server:
    """navigation-server on 127.0.0.1: a free port at first, the same one after `start()` again.

    `store` is `file` (a temporary directory, kept across restarts) or `memory`.
    """

    def __init__(self, binary, *arguments, store="file", log_name="server.log", key=None):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.binary = binary
        self.arguments = list(arguments) + (["--api-key", key] if key else [])
        self.key = key
        self.log = open(ARTIFACTS / log_name, "w")
        self.data = tempfile.mkdtemp(prefix="navigation-browser-") if store == "file" else None
        self.store = "file:" + self.data if self.data else "memory"
        self.port = 0
        self.process = None
        self.start()

    def start(self):
        """Starts the binary; after a `stop()`, on the port it had."""
        self.process = subprocess.Popen(
            [self.binary, "--host", "127.0.0.1", "--port", str(self.port), "--store", self.store, *self.arguments],
            stdout=subprocess.PIPE, stderr=self.log, text=True,
        )
        line = self.process.stdout.readline().strip()
        prefix = "navigation-server listening on "
        if not line.startswith(prefix):
            self.close()
            raise SystemExit(f"the server did not start: {line!r}")
        self.base = line[len(prefix):]
        self.port = int(self.base.rsplit(":", 1)[1])
        print(f"  ..  server pid {self.process.pid} listening on {self.base} ({self.store.split(':')[0]} store)")

    def stop(self):
        """Stops the process by its pid (SIGTERM, then SIGKILL); its data stays."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        print(f"  ..  server pid {self.process.pid} stopped")
        self.process = None

    def close(self):
        self.stop()
        self.log.close()
        if self.data:
            shutil.rmtree(self.data, ignore_errors=True)

    def request(self, method, path, body=None):
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.key:
            headers["Authorization"] = f"Bearer {self.key}"
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        with urllib.request.urlopen(request, timeout=20) as response:
            text = response.read()
            return json.loads(text) if text else None

    def post_json(self, path, body):
        return self.request("POST", path, body)

    def get_json(self, path):
        return self.request("GET", path)


def chromium():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={WIDE[0]},{WIDE[1]}", "--lang=en-US", "--hide-scrollbars"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


# --- The words a person reads, as web/labels.js gives them when the server does not.


def humanize(name):
    """"selectProfile" → "Select profile" (web/labels.js, humanize)."""
    words = re.sub(r"[_-]+", " ", str(name))
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", words).strip().lower()
    return words[:1].upper() + words[1:]


def screen_title(screen):
    return screen.get("title") or humanize(screen["name"])


def event_label(event):
    return event.get("label") or humanize(event["name"])


ROLES_BY_NAME = [
    (re.compile(r"^(cancel|close)$", re.I), "cancel"),
    (re.compile(r"^(delete|remove|archive|discard|logout|signOut)$", re.I), "destructive"),
    (re.compile(r"^(next|done|continue|submit|send|pay|save|confirm)$", re.I), "primary"),
]
ROLE_ORDER = {"primary": 0, "destructive": 2, "cancel": 3}


def event_role(event):
    """`primary`, `destructive`, `cancel` or None (web/labels.js, eventRole)."""
    return event.get("role") or next((role for pattern, role in ROLES_BY_NAME if pattern.match(event["name"])), None)


def actions_in_order(screen):
    """The labels of a screen's actions as a person sees them: by role, primary first, cancel last."""
    events = [event for event in screen["events"] if event["name"] not in ("back", "dismiss", "selectTab")]
    return [event_label(event) for event in sorted(events, key=lambda event: ROLE_ORDER.get(event_role(event), 1))]


def field_label(name, field):
    return (field.get("label") if isinstance(field, dict) else None) or humanize(name)


def coordinator_types(node):
    """Every coordinator type name in the live tree."""
    if not node:
        return []
    return [node["type"]] + [name for child in node.get("children", []) for name in coordinator_types(child)]


def expect(actual, expected, what):
    if actual != expected:
        raise AssertionError(f"{what}: expected {expected!r}, got {actual!r}")
    print(f"  ok  {what}")


def expect_near(actual, expected, what, tolerance=1.5):
    """Places on screen: the same within a pixel or so (layout rounds)."""
    if len(actual) != len(expected) or any(abs(a - b) > tolerance for a, b in zip(actual, expected)):
        raise AssertionError(f"{what}: expected {expected!r}, got {actual!r}")
    print(f"  ok  {what}")


def check(condition, what, detail=""):
    if not condition:
        raise AssertionError(f"{what}{': ' + str(detail) if detail else ''}")
    print(f"  ok  {what}")


def live_screens(document):
    """The screens a person can touch: the top modal, or the visible tops of the tabs and columns."""
    stack = document["stack"]
    if any(screen["presentation"] in ("sheet", "fullScreen") for screen in stack):
        return [stack[-1]]
    layout = document.get("layout") or {"kind": "stack", "stack": stack}
    if layout["kind"] == "tabs":
        layout = next(tab["layout"] for tab in layout["tabs"] if tab["id"] == layout["selected"])
    stacks = [layout["primary"], layout["secondary"]] if layout["kind"] == "split" else [layout["stack"]]
    return [column[-1] for column in reversed(stacks) if column]


def all_screens(layout):
    """Every screen in a layout: each tab, each column."""
    if not layout:
        return []
    if layout["kind"] == "tabs":
        return [screen for tab in layout["tabs"] for screen in all_screens(tab["layout"])]
    if layout["kind"] == "split":
        return layout["primary"] + layout["secondary"]
    return layout["stack"]
