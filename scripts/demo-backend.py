#!/usr/bin/env python3
"""A tiny auth service for the README's walkthrough: what `auth.login` calls
when the server runs with `--backend auth.login=http://127.0.0.1:8090/login`.

POST /login with {"username": …, "password": …} (as the server sends an
effect's input):
- the account ada / lovelace: 200 {"user": {"name": "Ada Lovelace"}};
- anything else: 401, application/problem+json, with a `detail` the login
  screen shows.

Each request is printed on stderr with its Idempotency-Key (never the
password). Python's standard library only.

Usage: python3 scripts/demo-backend.py [--port 8090]
(`--port 0` picks a free port; the first line on stdout says which.)
"""

import argparse
import http.server
import json
import sys

ACCOUNTS = {"ada": {"password": "lovelace", "name": "Ada Lovelace"}}


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        if self.path != "/login":
            return self.answer(404, {"title": "Not Found", "status": 404, "detail": f"no route {self.path}"})
        try:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(min(length, 65536)) or b"{}")
            username, password = str(body["username"]), str(body["password"])
        except (ValueError, KeyError, TypeError):
            return self.answer(400, {"title": "Bad Request", "status": 400, "detail": "Send a username and a password."})
        print(f"demo-backend: login {username!r}, Idempotency-Key {self.headers.get('Idempotency-Key')}", file=sys.stderr, flush=True)
        account = ACCOUNTS.get(username)
        if account is None or account["password"] != password:
            return self.answer(401, {"title": "Unauthorized", "status": 401, "detail": f"No account {username} with that password."})
        self.answer(200, {"user": {"name": account["name"]}})

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json" if status < 400 else "application/problem+json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *arguments):
        pass


def main():
    parser = argparse.ArgumentParser(description="A tiny auth service for the README's walkthrough.")
    parser.add_argument("--port", type=int, default=8090)
    port = parser.parse_args().port
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print(f"demo-backend listening on http://127.0.0.1:{server.server_address[1]}/login", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
