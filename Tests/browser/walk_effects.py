"""Effects in the web client: `app`'s sign-in against an auth backend the
test runs on loopback (`--backend auth.login=…`), which holds its answer
until the test lets it go. The password is a password input and is never
shown; a refusal (401) shows the backend's reason; while the backend has
not answered, the login screen says what it waits for and holds its form;
the answer then arrives on the live stream and shows home, with the name
the backend gave."""

import http.server
import json
import threading

from browser_support import WIDE, Server, check, expect

PASSWORD = "lovelace"
NAME = "Ada Lovelace"


class HeldBackend:
    """An auth backend on 127.0.0.1 that answers each POST once `release()` lets it: 200 with a user
    for the right password, 401 with a problem detail otherwise. Records every request it gets."""

    def __init__(self):
        self.requests = []
        self.gate = threading.Event()
        self.gate.set()
        backend = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
                backend.requests.append({"key": self.headers.get("Idempotency-Key"), "body": body})
                backend.gate.wait(timeout=120)
                if body.get("password") == PASSWORD:
                    self.answer(200, "application/json", {"user": {"name": NAME}})
                else:
                    problem = {"type": "about:blank", "title": "Unauthorized", "status": 401, "detail": "That password is not Ada's."}
                    self.answer(401, "application/problem+json", problem)

            def answer(self, status, kind, body):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *arguments):
                pass

        self.http = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}/login"

    def hold(self):
        self.gate.clear()

    def release(self):
        self.gate.set()

    def close(self):
        self.gate.set()
        self.http.shutdown()
        self.http.server_close()


def walk_effects(page, binary):
    backend = HeldBackend()
    # --effect-wait 0.1: the answer to a sign-in the backend holds comes back pending.
    # --effect-timeout 120: the held answer is never timed out while the page is checked.
    server = Server(binary, "--backend", f"auth.login={backend.url}", "--effect-wait", "0.1", "--effect-timeout", "120",
                    log_name="server-effects.log")
    try:
        page.server = server
        page.size(*WIDE)
        page.open("/")
        session_id = page.start_session("app", {"onboarded": True})
        expect(page.top(), "login", "an onboarded user starts at login")
        expect(page.field("login", "password").get_attribute("type"), "password", "the secret field is a password input")
        expect(page.field("login", "username").get_attribute("type"), "text", "the username is a text input")
        expect(page.css(".effect-status"), [], "nothing pending, nothing said")

        page.submit("login", {"username": "ada", "password": "wrong-horse"})
        page.until(lambda: page.css(".screen-active [data-param='error']"), "waiting for the refusal")
        expect(page.text(".screen-active [data-param='error']"), "That password is not Ada's.", "a 401 shows the backend's reason")
        expect(page.field("login", "password").get_attribute("value"), "", "the password is not put back into its field")
        check("wrong-horse" not in page.driver.page_source, "the password is nowhere in the page")

        backend.hold()
        version = page.version()
        page.submit("login", {"username": "ada", "password": PASSWORD})
        status = page.one(".screen-active .effect-status")
        expect((page.top(), page.version()), ("login", version + 1), "the answer comes back before the backend's")
        expect(status.text, "Waiting for auth.login…", "the login screen says what it waits for")
        expect(page.why_not_visible(status), None, "the waiting line is in view")
        expect(page.one(".screen-active").get_attribute("aria-busy"), "true", "the screen is marked busy")
        submit = page.one(".screen-active form[data-event-form='login'] button[type='submit']")
        check(not submit.is_enabled() and not page.field("login", "password").is_enabled(), "the form is held while the backend answers")
        expect(page.controls(page.label_of("login")), [], "no Sign in button to press twice")
        expect(page.document()["effects"], [{"id": "e2", "name": "auth.login", "coordinator": "c2"}], "the document lists it")
        expect(backend.requests[-1], {"key": f"{session_id}.e2", "body": {"username": "ada", "password": PASSWORD}},
               "the backend got the password, with the Idempotency-Key")
        check(PASSWORD not in page.driver.page_source, "the password is nowhere in the page while it waits")
        page.check_readable("login while signing in")
        page.internals(True)
        check("waiting for auth.login (e2)" in page.text("#coordinator-tree"), "internals: the coordinator that waits, and for what")
        page.internals(False)
        page.shoot("effect-pending-1280")

        backend.release()
        page.until(lambda: page.top() == "home", "waiting for the backend's answer on the live stream")
        page.idle()
        expect(page.version(), version + 2, "the outcome is one more version")
        check(NAME in page.text(".screen-active .params"), "home shows the name the backend gave")
        expect(page.css(".effect-status"), [], "nothing pending any more")
        expect(page.document().get("effects"), None, "the document lists no effects")
    finally:
        server.close()
        backend.close()
