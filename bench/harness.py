"""Processes, a pipelining HTTP client for setting up sessions, wrk runs,
and the parts' printed medians and report tables.

Standard library only: the benchmark must run on a fresh machine with python3.
"""
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import time

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


class BenchmarkBroken(Exception):
    """The benchmark itself failed (not a slow number): make bench exits 1."""


def run_main(main, who):
    """Runs a script's `main()` and exits with what it returns; a broken
    benchmark exits 1 with its reason."""
    try:
        sys.exit(main() or 0)
    except BenchmarkBroken as error:
        print(f"{who}: the benchmark broke: {error}", file=sys.stderr)
        sys.exit(1)


class Server:
    """A server process that prints its port on its first stdout line."""

    def __init__(self, name, command, log_path=os.devnull):
        self.name = name
        self.log = open(log_path, "wb")
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log)
        line = self.process.stdout.readline().decode(errors="replace")
        found = re.search(r"(?:port |:)(\d+)\s*$", line.strip())
        if not found:
            self.stop()
            raise BenchmarkBroken(f"{name} did not start: {line!r}")
        self.port = int(found.group(1))
        self.pid = self.process.pid

    def cpu_seconds(self):
        """User plus system CPU time of the whole process, from /proc/<pid>/stat."""
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def rss_bytes(self):
        with open(f"/proc/{self.pid}/statm") as statm:
            return int(statm.read().split()[1]) * PAGE_SIZE

    def check_alive(self):
        if self.process.poll() is not None:
            raise BenchmarkBroken(f"{self.name} exited with {self.process.returncode}")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def pipeline(port, requests, batch=256):
    """Sends raw HTTP/1.1 requests on one keep-alive connection, `batch` at a
    time, and returns [(status, headers, body)] in order."""
    responses = []
    with socket.create_connection(("127.0.0.1", port)) as connection:
        buffer = b""
        for start in range(0, len(requests), batch):
            chunk = requests[start:start + batch]
            connection.sendall(b"".join(chunk))
            for _ in chunk:
                response, buffer = _read_response(connection, buffer)
                responses.append(response)
    return responses


class Connection:
    """One keep-alive connection for timing single requests (`with` closes it)."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.socket.close()

    def timed(self, method, path, body=None, status=200):
        """Microseconds from sending the request to the end of its response."""
        started = time.perf_counter()
        self.socket.sendall(request(method, path, body))
        response, self.buffer = _read_response(self.socket, self.buffer)
        elapsed = (time.perf_counter() - started) * 1e6
        expect([response], status, f"{method} {path}")
        return elapsed


def _read_response(connection, buffer):
    while b"\r\n\r\n" not in buffer:
        buffer += _receive(connection)
    head, buffer = buffer.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(buffer) < length:
        buffer += _receive(connection)
    return (status, headers, buffer[:length]), buffer[length:]


def _receive(connection):
    data = connection.recv(1 << 20)
    if not data:
        raise BenchmarkBroken("the server closed the connection during setup")
    return data


def request(method, path, body=None):
    """One raw HTTP/1.1 request with a JSON body."""
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if body is None:
        return (head + "\r\n").encode()
    data = json.dumps(body, separators=(",", ":")).encode()
    head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
    return head.encode() + data


def expect(responses, status, what):
    for code, _, body in responses:
        if code != status:
            raise BenchmarkBroken(f"{what}: expected {status}, got {code}: {body[:200]!r}")


def metric(port, name):
    """One unlabelled sample from GET /metrics, as an integer."""
    [(status, _, body)] = pipeline(port, [request("GET", "/metrics")])
    if status != 200:
        raise BenchmarkBroken(f"GET /metrics: {status}")
    for line in body.decode().splitlines():
        if line.startswith(name + " "):
            return int(float(line.split()[1]))
    raise BenchmarkBroken(f"GET /metrics has no {name}")


def wait_for_idle_documents(server, released, seconds=60):
    """Waits until the server has freed at least `released` session documents
    (`--document-ttl` after each session's last request)."""
    deadline = time.monotonic() + seconds
    while metric(server.port, "navigation_session_documents_released_total") < released:
        if time.monotonic() > deadline:
            raise BenchmarkBroken(f"{server.name}: fewer than {released} documents freed after {seconds} s")
        time.sleep(0.25)


def rss_just_after(server):
    """RSS half a second after the last request, before anything idle is
    freed: sessions used then still hold their documents (--document-ttl)."""
    time.sleep(0.5)
    return server.rss_bytes()


def settled_rss(server, seconds=14):
    """The server's lowest RSS over `seconds`, read every second: jemalloc's
    background threads return freed pages over its 10 s decay, and the
    expiry sweep (every 30 s at most) holds a list of every session's
    summary for a moment."""
    readings = []
    for _ in range(seconds):
        time.sleep(1)
        readings.append(server.rss_bytes())
    return min(readings)


def create_sessions(port, count, flow, context=None, version=None):
    """Creates `count` sessions of `flow` (on `version` when given); returns their ids."""
    body = {"flow": flow} if context is None else {"flow": flow, "context": context}
    if version is not None:
        body["version"] = version
    responses = pipeline(port, [request("POST", "/v1/sessions", body)] * count)
    expect(responses, 201, f"creating {flow} sessions")
    return [headers["location"].rsplit("/", 1)[1] for _, headers, _ in responses]


def create_three_screen_sessions(port, count):
    """`app` sessions three screens deep: home, then the checkout sheet's
    cart and address."""
    ids = create_sessions(port, count, "app", {"onboarded": True, "token": "bench"})
    for screen, event in (("s1", "checkout"), ("s2", "next")):
        events = [request("POST", f"/v1/sessions/{i}/events", {"screen": screen, "event": event})
                  for i in ids]
        expect(pipeline(port, events), 200, f"sending {event}")
    return ids


def write_ids(workdir, name, ids):
    """Writes `ids` to `workdir`/`name`, one a line, for a wrk script to read; returns the file's path."""
    path = os.path.join(workdir, name)
    with open(path, "w") as file:
        file.write("\n".join(ids) + "\n")
    return path


def run_wrk(script, port, connections, seconds, script_arguments=()):
    """One wrk run; returns the numbers the script's done() printed."""
    threads = min(connections, os.cpu_count() or 1)
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s",
               "-s", script, f"http://127.0.0.1:{port}", "--", *script_arguments, str(threads)]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60)
    line = next((l for l in finished.stdout.splitlines() if l.startswith("BENCH ")), None)
    if finished.returncode != 0 or line is None:
        raise BenchmarkBroken(f"wrk failed ({' '.join(command)}):\n{finished.stdout}{finished.stderr}")
    result = json.loads(line[len("BENCH "):])
    errors = result["status_errors"] + result["socket_errors"] + result["mismatches"]
    if errors or result["requests"] == 0:
        raise BenchmarkBroken(f"wrk saw errors ({' '.join(command)}): {result}")
    result["requests_per_second"] = result["requests"] / (result["duration_us"] / 1e6)
    return result


def measure(server, script, connections, seconds, script_arguments=()):
    """A wrk run plus the server's CPU time per request over it, and the
    rest of the machine's (wrk, mostly: it shares the cores, and costs more
    per request when a slower server makes its threads sleep and wake)."""
    before, machine_before = server.cpu_seconds(), machine_busy_seconds()
    result = run_wrk(script, server.port, connections, seconds, script_arguments)
    server_seconds = server.cpu_seconds() - before
    machine_seconds = machine_busy_seconds() - machine_before
    result["cpu_us_per_request"] = server_seconds * 1e6 / result["requests"]
    result["others_cpu_us_per_request"] = max(0.0, machine_seconds - server_seconds) * 1e6 / result["requests"]
    server.check_alive()
    return result


def machine_busy_seconds():
    """CPU time all cores spent working (user, nice, system, irq, softirq:
    not idle, I/O wait or time stolen by the host), from /proc/stat."""
    with open("/proc/stat") as stat:
        user, nice, system, _idle, _iowait, irq, softirq = (int(field) for field in stat.readline().split()[1:8])
    return (user + nice + system + irq + softirq) / CLOCK_TICKS


def alternate_runs(servers, rounds, seconds, warmup, run_one):
    """`run_one(side, server, seconds)` -> req/s, for each server of `servers`
    ({side: server}) in turns over `rounds` rounds after a warm-up round, the
    order alternating each round so that a machine that slows down or speeds
    up does not favour either side. Returns the rounds' req/s by side, their
    medians and the ratio of "with" over "without"."""
    runs = {side: [] for side in servers}
    for round_index in range(rounds + 1):  # round 0 is the warm-up
        order = list(servers.items())
        for side, server in order if round_index % 2 == 0 else reversed(order):
            rate = run_one(side, server, warmup if round_index == 0 else seconds)
            if round_index > 0:
                runs[side].append(rate)
            wait_a_moment()
    rates = {side: statistics.median(values) for side, values in runs.items()}
    return {"runs": runs, "requests_per_second": rates, "ratio": rates["with"] / rates["without"]}


def print_medians(what, result, without, with_):
    """Prints the medians of an `alternate_runs` result to stderr:
    `  {what}: N without {without}, M with {with_}`."""
    rates = result["requests_per_second"]
    print(f"  {what}: {rates['without']:.0f} without {without}, {rates['with']:.0f} with {with_}", file=sys.stderr)


def close_all(sockets, servers):
    """Closes a part's client sockets, then stops its servers."""
    for connection in sockets:
        connection.close()
    for server in servers:
        server.stop()


def markdown_table(title, columns, rows):
    """A part of the report: a blank line, `title` and a blank line, then a
    Markdown table of `columns` over `rows` (each a list of cells)."""
    lines = ["", title, "", "| " + " | ".join(columns) + " |", "|" + " --- |" * len(columns)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


def load_average():
    with open("/proc/loadavg") as loadavg:
        return [float(x) for x in loadavg.read().split()[:3]]


def wait_a_moment():
    """Lets TIME_WAIT sockets and the servers' idle connections settle between runs."""
    time.sleep(0.3)
