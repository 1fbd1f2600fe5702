#!/usr/bin/env python3
"""navigation-client driven as a person drives it, through a pseudo-terminal.

    python3 Tests/client/test_terminal_client.py [path/to/navigation-server] [path/to/navigation-client]

(`make client-test` builds both and runs this; `make test` runs it too.) Only
Python's standard library: `pty` for the terminal, `urllib` for the second
client.

Starts the server on a free port with an API key, then:

- `--print` shows a session once and exits;
- `exchange` interactively: the rates, `select` with its currencies offered as
  numbered choices, the calculator, a number refused then taken, `back`, a
  deep link; then a second client changes the session over HTTP (an event,
  then a link) and the terminal redraws each change by itself, with nothing
  typed; then `end`;
- `mail`: the tab bar and both columns of the split view, a switch to the
  second tab by number, a `dismiss` that nothing in front accepts; then a
  second client ends the session and the terminal client exits by itself;
- `--session`: attached to a session started over HTTP, a form asked field by
  field and cancelled, then `q` leaves the session running;
- `app`'s sign-in: the password is asked for as a secret, typed without
  echo, and shows nowhere on the screen; the terminal echoes again after it.

Every wait is bounded; a failure prints what the terminal showed.
"""

import json
import os
import pathlib
import pty
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
WAIT_SECONDS = 30
API_KEY = "terminal-test-key"


class Server:
    """navigation-server on 127.0.0.1, a free port, an API key and a file store of its own."""

    def __init__(self, binary):
        self.data = tempfile.mkdtemp(prefix="navigation-client-test-")
        self.process = subprocess.Popen(
            [binary, "--host", "127.0.0.1", "--port", "0", "--store", "file:" + self.data, "--api-key", API_KEY],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        line = self.process.stdout.readline().strip()
        prefix = "navigation-server listening on "
        if not line.startswith(prefix):
            self.stop()
            raise SystemExit(f"the server did not start: {line!r}")
        self.base = line[len(prefix):]

    def request(self, method, path, body=None, if_match=None):
        headers = {"Authorization": f"Bearer {API_KEY}", "Content-Type": "application/json"}
        if if_match is not None:
            headers["If-Match"] = f'"{if_match}"'
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                text = response.read()
                return response.status, json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.data, ignore_errors=True)


class Terminal:
    """navigation-client on a pseudo-terminal: what is typed, and everything it shows."""

    def __init__(self, binary, *arguments):
        controller, terminal = pty.openpty()
        self.process = subprocess.Popen(
            [binary, *arguments], stdin=terminal, stdout=terminal, stderr=terminal, close_fds=True
        )
        os.close(terminal)
        self.controller = controller
        self.shown = ""
        # Where the next `expect` starts looking: each waits for output after the last one.
        self.mark = 0

    def type(self, line):
        os.write(self.controller, (line + "\n").encode())

    def expect(self, pattern):
        """Waits until `pattern` (a regular expression) shows after the last match; returns the match."""
        deadline = time.monotonic() + WAIT_SECONDS
        compiled = re.compile(pattern, re.MULTILINE)
        while True:
            match = compiled.search(self.shown, self.mark)
            if match:
                self.mark = match.end()
                return match
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self.read(remaining):
                self.fail(f"waited for {pattern!r}")

    def read(self, timeout):
        ready, _, _ = select.select([self.controller], [], [], min(timeout, 1.0))
        if not ready:
            return self.process.poll() is None
        try:
            chunk = os.read(self.controller, 65536)
        except OSError:  # the client exited and the terminal closed
            return False
        self.shown += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        return True

    def wait_exit(self):
        try:
            code = self.process.wait(timeout=WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            self.fail("the client did not exit")
        while self.read(0.2):
            pass
        return code

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.controller)

    def fail(self, reason):
        print("--- the terminal showed ---")
        print(self.shown[-6000:])
        print("---")
        raise SystemExit(f"FAIL: {reason}")


def check(condition, reason, detail=""):
    if not condition:
        raise SystemExit(f"FAIL: {reason} {detail}".rstrip())
    print(f"ok  {reason}")


def print_once(server, client):
    status, document = server.request("POST", "/v1/sessions", {"flow": "exchange", "link": "/rates/JPY"})
    check(status == 201, "a session is created over HTTP")
    result = subprocess.run(
        [client, "--server", server.base, "--api-key", API_KEY, "--session", document["id"], "--print"],
        capture_output=True, text=True, timeout=WAIT_SECONDS,
    )
    check(result.returncode == 0, "--print exits 0", result.stderr)
    check("Exchange rates › Japanese yen" in result.stdout and "Item: code: JPY, rate: 9.21" in result.stdout,
          "--print shows the path and the top screen's params")
    check("1) Convert (amount: number)" in result.stdout, "--print numbers the events")
    refused = subprocess.run(
        [client, "--server", server.base, "--session", document["id"], "--print"],
        capture_output=True, text=True, timeout=WAIT_SECONDS, env={**os.environ, "NAVIGATION_API_KEY": ""},
    )
    check(refused.returncode == 1 and "unauthorized" in refused.stderr, "without the key the client says unauthorized and exits 1")


def walk_exchange(server, client):
    terminal = Terminal(client, "--server", server.base, "--api-key", API_KEY, "--flow", "exchange")
    try:
        session = terminal.expect(r"── exchange · session ([0-9a-f]{32}) · version 1 ──").group(1)
        terminal.expect(r"  1\) Select \(code: USD\|EUR\|JPY\|GBP\|CNY\)")
        terminal.type("1")
        terminal.expect(r"Currency, choose one:\n  1\) US dollar\n  2\) Euro")
        terminal.type("1")
        terminal.expect(r"version 2 ──\n\nExchange rates › US dollar\n  Item: code: USD, rate: 1380\.5")
        print("ok  select: the currencies are offered as choices, the calculator is pushed")

        terminal.type("1")
        terminal.expect(r"amount> ")
        terminal.type("a lot")
        terminal.expect(r"that is not a number")
        terminal.type("100")
        terminal.expect(r"version 3 ──[\s\S]*Result: 138050")
        print("ok  convert: a number is asked for, a word refused, the result shown")

        terminal.type("b")
        terminal.expect(r"version 4 ──\n\nExchange rates\n  Items:")
        terminal.type("l /rates/EUR")
        terminal.expect(r"version 5 ──\n\nExchange rates › Euro\n  Item: code: EUR")
        print("ok  back and a deep link")

        # Another device on the same session: the terminal follows without a key pressed.
        status, document = server.request("GET", f"/v1/sessions/{session}")
        top = document["stack"][-1]["id"]
        status, _ = server.request("POST", f"/v1/sessions/{session}/events", {"screen": top, "event": "close"}, if_match=5)
        check(status == 200, "a second client closes the calculator")
        terminal.expect(r"version 6 ──\n\nExchange rates\n  Items:")
        status, _ = server.request("POST", f"/v1/sessions/{session}/links", {"link": "/rates/GBP"})
        check(status == 200, "a second client opens /rates/GBP")
        terminal.expect(r"version 7 ──\n\nExchange rates › British pound\n  Item: code: GBP")
        print("ok  the terminal redraws each change made by the other client")

        terminal.type("end")
        terminal.expect(r"The session has ended")
        check(terminal.wait_exit() == 0, "end: the client exits 0")
        status, _ = server.request("GET", f"/v1/sessions/{session}")
        check(status == 404, "the session is gone from the server")
    finally:
        terminal.close()


def walk_mail(server, client):
    terminal = Terminal(client, "--server", server.base, "--api-key", API_KEY, "--flow", "mail")
    try:
        session = terminal.expect(r"── mail · session ([0-9a-f]{32}) · version 1 ──").group(1)
        terminal.expect(r"Tabs: \[1 Mail\]  2 Settings")
        terminal.expect(r"Primary: Mailboxes\n  Mailboxes:\n    - id: inbox, name: Inbox, unread: 2")
        terminal.expect(r"Secondary: No message selected\n  Text: No message selected")
        print("ok  mail: the tab bar and both columns")
        terminal.type("1")
        terminal.expect(r"Mailbox, choose one:\n  1\) Inbox\n  2\) Archive")
        terminal.type("1")
        terminal.expect(r"version 2 ──[\s\S]*Primary: Mailboxes › Inbox")
        terminal.type("t 2")
        terminal.expect(r"version 3 ──\nTabs:  1 Mail  \[2 Settings\]")
        terminal.expect(r"Mail settings\n  Signature: yes")
        print("ok  a tab switch by number")
        terminal.type("d")
        terminal.expect(r"refused: no screen in front accepts 'dismiss'")
        print("ok  a dismiss with no modal is refused with a reason")
        status, _ = server.request("DELETE", f"/v1/sessions/{session}")
        check(status == 204, "a second client ends the session")
        terminal.expect(r"The session has ended")
        check(terminal.wait_exit() == 0, "the client exits 0 by itself, nothing typed")
    finally:
        terminal.close()


def attach_and_quit(server, client):
    status, document = server.request("POST", "/v1/sessions", {"flow": "app", "context": {"onboarded": True}})
    check(status == 201, "an app session is created over HTTP")
    terminal = Terminal(client, "--server", server.base, "--api-key", API_KEY, "--session", document["id"])
    try:
        terminal.expect(r'version 1 ──\n\nSign in\n  Username: ""')
        terminal.type("1")
        terminal.expect(r"Username \(text\)\nusername> ")
        terminal.type("ada")
        terminal.expect(r"password> ")
        terminal.type(".")
        terminal.expect(r"\(cancelled\)")
        print("ok  attached: the login form asks field by field, '.' cancels it")
        terminal.type("q")
        terminal.expect(r"keeps running; attach again with --session")
        check(terminal.wait_exit() == 0, "quit: the client exits 0")
    finally:
        terminal.close()
    status, again = server.request("GET", f"/v1/sessions/{document['id']}")
    check(status == 200 and again["version"] == 1, "the session keeps running, unchanged")


def type_a_secret(server, client):
    secret = "correct-horse-battery-7731"
    terminal = Terminal(client, "--server", server.base, "--api-key", API_KEY, "--flow", "app", "--context", '{"onboarded": true}')
    try:
        session = terminal.expect(r"── app · session ([0-9a-f]{32}) · version 1 ──\n\nSign in").group(1)
        terminal.type("1")
        terminal.expect(r"Username \(text\)\nusername> ")
        terminal.type("ada")
        terminal.expect(r"Password \(secret: not shown as you type\)\npassword> ")
        terminal.type(secret)
        terminal.expect(r"version 3 ──\n\nHome")
        print("ok  sign-in: the password is asked for as a secret, and the flow goes on to home")
        terminal.type("echoed-again")
        terminal.expect(r"'echoed-again' is no command")
        check(terminal.shown.count("echoed-again") == 2, "the terminal echoes again after the secret", terminal.shown[-300:])
        terminal.type("q")
        check(terminal.wait_exit() == 0, "quit: the client exits 0")
    finally:
        terminal.close()
    check(secret not in terminal.shown, "the secret shows nowhere on the screen", terminal.shown[-2000:])
    status, events = server.request("GET", f"/v1/sessions/{session}/events")
    check(status == 200 and secret not in json.dumps(events), "nor in the session's events")


def main():
    server_binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build/debug/navigation-server")
    client_binary = sys.argv[2] if len(sys.argv) > 2 else str(ROOT / ".build/debug/navigation-client")
    server = Server(server_binary)
    try:
        print_once(server, client_binary)
        walk_exchange(server, client_binary)
        walk_mail(server, client_binary)
        attach_and_quit(server, client_binary)
        type_a_secret(server, client_binary)
    finally:
        server.stop()
    print("terminal client: all checks passed")


if __name__ == "__main__":
    main()
