"""Effects for make bench: what a thousand effects waiting on a backend cost.

Two servers side by side, each with `--backend auth.login=` a loopback
backend that holds every request it gets, unanswered, for the whole part
(a 200 ms backend holds each that long; here the wait outlasts the runs, so
what is measured is what waiting costs). On one of them, 1,000 `app`
sessions each send `login` on a connection of their own: each answer waits
`--effect-wait` (0.25 s) on a suspended connection, then says the effect is
pending, and 1,000 effects stay in flight in the libcurl client (as many
of them on connections to the backend as the client has slots, which the
server reports as `navigation_backend_slots`, the others waiting for a
slot). Then wrk
GETs session documents of other sessions at 64 connections on both servers
in turns, the order alternating each round, and the medians are compared:
in-flight effects and their answers must hold no worker thread.

Standard library only.
"""
import asyncio
import json
import os
import socket
import threading
import time

import harness
import streams

LUA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lua")
QUICK = {"waiting": 200, "runs": 2, "seconds": 1, "warmup": 1}
FULL = {"waiting": 1000, "runs": 5, "seconds": 3, "warmup": 1}


class HoldingBackend:
    """An HTTP backend on 127.0.0.1 that reads each request and never answers,
    on an asyncio loop in a thread of its own; `count` is how many it holds."""

    def __init__(self):
        self.count = 0
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self.thread.start()
        ready.wait(10)

    def _run(self, ready):
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(asyncio.start_server(self._hold, "127.0.0.1", 0, backlog=4096))
        self.port = self.server.sockets[0].getsockname()[1]
        ready.set()
        self.loop.run_forever()

    async def _hold(self, reader, writer):
        await reader.readuntil(b"\r\n\r\n")
        self.count += 1
        await asyncio.Event().wait()

    def stop(self):
        async def close():
            self.server.close()
            held = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in held:
                task.cancel()
            await asyncio.gather(*held, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def measure(start_server, workdir, quick):
    """`start_server(log_name, store=..., extra=...)` starts a navigation-server."""
    profile = QUICK if quick else FULL
    streams.raise_file_limit()
    waiting = profile["waiting"]
    backend = HoldingBackend()
    extra = ("--backend", f"auth.login=http://127.0.0.1:{backend.port}/login", "--effect-timeout", "600",
             "--max-connections", str(waiting + 1000), "--max-connections-per-client", "0")
    servers = {side: start_server(f"effects-{side}.log", store="memory", extra=extra) for side in ("without", "with")}
    sockets = []
    try:
        get_ids = {side: harness.create_sessions(server.port, 256, "exchange") for side, server in servers.items()}
        sockets = start_logins(servers["with"].port, waiting)
        wait_for_effects(servers["with"].port, backend, waiting)

        def get_sessions(side, server, seconds):
            return harness.measure(server, os.path.join(LUA, "get-session.lua"), 64, seconds,
                                   [harness.write_ids(workdir, f"effects-{side}.ids", get_ids[side])])["requests_per_second"]
        result = {"waiting_effects": waiting, "connections": 64, **harness.alternate_runs(
            servers, profile["runs"], profile["seconds"], profile["warmup"], get_sessions)}
        started, ended = effect_counts(servers["with"].port)
        if started - ended != waiting:
            raise harness.BenchmarkBroken(f"{started - ended} effects in flight after the runs, not {waiting}")
        harness.print_medians("GET req/s", result, "effects in flight", waiting)
        return result
    finally:
        harness.close_all(sockets, servers.values())
        backend.stop()


def start_logins(port, count):
    """`count` app sessions, each sending `login` on a connection of its own;
    returns the connections once every answer (pending) is read."""
    ids = harness.create_sessions(port, count, "app", {"onboarded": True})
    body = json.dumps({"screen": "s1", "event": "login", "payload": {"username": "ada", "password": "pw"}})
    sockets = []
    for session_id in ids:
        connection = socket.create_connection(("127.0.0.1", port))
        connection.sendall((f"POST /v1/sessions/{session_id}/events HTTP/1.1\r\nHost: localhost\r\n"
                            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n{body}").encode())
        sockets.append(connection)
    answers = streams.read_until(sockets, lambda data: b"\r\n\r\n" in data and data.rstrip().endswith(b"}"))
    for data in answers.values():
        if not data.startswith(b"HTTP/1.1 200") or b'"effects":[' not in data:
            raise harness.BenchmarkBroken(f"a login was not answered with its effect pending: {data[:300]!r}")
    return sockets


def wait_for_effects(port, backend, count, seconds=60):
    """Until `count` effects are started and the backend holds as many as the server's client has slots for."""
    give_up = time.monotonic() + seconds
    held = min(count, harness.metric(port, "navigation_backend_slots"))
    while backend.count < held or effect_counts(port)[0] < count:
        if time.monotonic() > give_up:
            raise harness.BenchmarkBroken(f"the backend holds {backend.count} of {count} effects after {seconds} s")
        time.sleep(0.1)


def effect_counts(port):
    """(effects started, outcomes recorded of every kind) from GET /metrics."""
    [(status, _, body)] = harness.pipeline(port, [harness.request("GET", "/metrics")])
    if status != 200:
        raise harness.BenchmarkBroken(f"GET /metrics: {status}")
    lines = body.decode().splitlines()

    def total(family):
        return sum(int(float(line.rsplit(" ", 1)[1])) for line in lines if line.startswith(family + "{"))
    return total("navigation_effects_started_total"), total("navigation_effect_outcomes_total")


def targets(effects):
    """[(measure, value, op, bound)] for report.targets."""
    return [(f"GET req/s with {effects['waiting_effects']} effects waiting on a backend vs without",
             effects["ratio"], ">=", 0.9)]


def markdown(effects):
    rates = effects["requests_per_second"]
    return harness.markdown_table("Effects", ["measure", "value"], [
        [f"GET req/s without / with {effects['waiting_effects']} effects in flight",
         f"{rates['without']:.0f} / {rates['with']:.0f} ({effects['ratio']:.2f})"],
    ])
