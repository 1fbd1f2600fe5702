"""The Redis store against the file store, for make bench (`--only redis`).

1. GET session and POST event throughput and p99 at 64 connections: one
   instance on the file store (`--fsync everysec`), one on Redis, and three
   on one Redis (on the same machine; three wrk processes share the 64
   connections, one per instance, and their request rates add up).
   Redis runs with its AOF on and `appendfsync everysec`, the file store's
   policy; each configuration is measured in turns, after a warm-up.
2. Redis commands per GET (cache current) and per POST event, from
   `INFO commandstats` around a known number of requests; only the commands
   the store sends count (the append script's own HGET, RPUSH, HSET, HINCRBY,
   PEXPIRE and PUBLISH do not: they run inside its EVALSHA; nor do the
   commands of an instance's sweep counting sessions, SWEEP_COMMANDS,
   reported apart).

Targets (issue 12): GET >= 0.6x and POST >= 0.5x the file store with one
instance; three instances at least as fast as one; at most 1 command per
GET and 2 per POST event. Nothing here fails on a number.
"""
import concurrent.futures
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import harness

LUA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lua")
QUICK = {"runs": 1, "seconds": 1, "warmup": 1, "documents": 300, "counted": 200}
FULL = {"runs": 3, "seconds": 5, "warmup": 2, "documents": 1000, "counted": 1000}
STORE_COMMANDS = ("hmget", "evalsha", "lrange", "exists", "script|load", "ping", "del", "zadd", "zrem")
# What an instance's sweep sends to count live sessions (--max-sessions), every 30 s whatever the
# requests: reported apart, since one landing in a window is not a request's.
SWEEP_COMMANDS = ("zcard", "zrangebyscore", "pttl", "scan")
# The file store's default policy (--fsync everysec), so that both keep the same promise.
APPENDFSYNC = "everysec"
CONNECTIONS = 64
# A Redis round trip holds a worker thread (hiredis is synchronous), so the
# Redis instances run more threads than cores, as the server does by itself for a Redis store; the
# file store's CPU-bound instance keeps the benchmark's default (one per core).
REDIS_THREADS = 4 * (os.cpu_count() or 1)


class RedisServer:
    """redis-server on a free loopback port in a directory of its own."""

    def __init__(self, workdir):
        self.directory = tempfile.mkdtemp(prefix="redis-", dir=workdir)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        binary = shutil.which("redis-server")
        if binary is None:
            raise harness.BenchmarkBroken("no redis-server (make bench installs Debian's)")
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", self.directory,
             "--appendonly", "yes", "--appendfsync", APPENDFSYNC, "--save", ""],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                if self.command("PING").startswith(b"+PONG"):
                    return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise harness.BenchmarkBroken("redis-server did not answer PING")

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}"

    def command(self, *arguments):
        """One command over a fresh connection; the raw reply."""
        data = f"*{len(arguments)}\r\n".encode()
        for argument in arguments:
            data += f"${len(argument.encode())}\r\n{argument}\r\n".encode()
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as connection:
            connection.sendall(data)
            reply = connection.recv(1 << 20)
            if reply.startswith(b"$"):
                length = int(reply[1:reply.index(b"\r\n")])
                while len(reply) < reply.index(b"\r\n") + 2 + length + 2:
                    reply += connection.recv(1 << 20)
            return reply

    def store_commands(self, names=STORE_COMMANDS):
        """Calls of `names` since the last CONFIG RESETSTAT."""
        count = 0
        for line in self.command("INFO", "commandstats").decode().splitlines():
            if line.startswith("cmdstat_"):
                name, _, stats = line[len("cmdstat_"):].partition(":")
                if name in names:
                    count += int(stats.split(",")[0].split("=")[1])
        return count

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def measure(start_server, workdir, quick):
    """`start_server(log_name, store=..., extra=...)` starts a navigation-server."""
    profile = QUICK if quick else FULL
    redis = RedisServer(workdir)
    servers = {}
    try:
        servers["file"] = [start_server("redis-bench-file.log")]
        threads = ("--threads", str(REDIS_THREADS))
        servers["redis_1"] = [start_server("redis-bench-redis-1.log", store=redis.url, extra=threads)]
        servers["redis_3"] = [start_server(f"redis-bench-redis-3-{n}.log", store=redis.url, extra=threads)
                              for n in range(3)]
        results = {"throughput": throughput(servers, workdir, profile)}
        results["commands"] = commands_per_request(servers["redis_1"][0], redis, profile)
        results["redis_threads"] = REDIS_THREADS
        results["redis_appendfsync"] = APPENDFSYNC
        return results
    finally:
        for group in servers.values():
            for server in group:
                server.stop()
        redis.stop()


def throughput(servers, workdir, profile):
    documents = {side: harness.create_three_screen_sessions(group[0].port, profile["documents"])
                 for side, group in servers.items()}
    runs = {(side, kind): [] for side in servers for kind in ("get", "post")}
    for round_index in range(profile["runs"] + 1):  # round 0 is the warm-up
        seconds = profile["warmup"] if round_index == 0 else profile["seconds"]
        for kind in ("get", "post"):
            for side, group in servers.items():
                result = run_group(group, kind, documents[side], workdir, seconds)
                if round_index > 0:
                    runs[(side, kind)].append(result)
                harness.wait_a_moment()
    return {side: {kind: {key: statistics.median(run[key] for run in runs[(side, kind)])
                          for key in ("requests_per_second", "p99_us")}
                   for kind in ("get", "post")} for side in servers}


def run_group(group, kind, document_ids, workdir, seconds):
    """wrk against every instance of `group` at once, 64 connections shared
    out; the request rates add up, the p99 is the worst instance's."""
    shares = [CONNECTIONS // len(group) + (1 if n < CONNECTIONS % len(group) else 0) for n in range(len(group))]

    def one(index):
        server, connections = group[index], shares[index]
        if kind == "get":
            ids, script = document_ids, "get-session.lua"
        else:
            # Fresh exchange sessions every run: the script assumes each starts on `rates`.
            ids, script = harness.create_sessions(server.port, max(connections * 4, 128), "exchange"), "post-events.lua"
        path = os.path.join(workdir, f"redis-bench-{kind}-{server.port}.ids")
        with open(path, "w") as file:
            file.write("\n".join(ids) + "\n")
        return harness.run_wrk(os.path.join(LUA, script), server.port, connections, seconds, [path])

    with concurrent.futures.ThreadPoolExecutor(len(group)) as pool:
        results = list(pool.map(one, range(len(group))))
    for server in group:
        server.check_alive()
    return {"requests_per_second": sum(r["requests_per_second"] for r in results),
            "p99_us": max(r["p99_us"] for r in results)}


def commands_per_request(server, redis, profile):
    """Store commands per GET on cached sessions and per POST event."""
    count = profile["counted"]
    ids = harness.create_sessions(server.port, count, "exchange")
    gets = [harness.request("GET", f"/v1/sessions/{i}") for i in ids]
    harness.expect(harness.pipeline(server.port, gets), 200, "warming the cache")
    redis.command("CONFIG", "RESETSTAT")
    harness.expect(harness.pipeline(server.port, gets), 200, "GET")
    per_get = redis.store_commands() / count
    sweep_get = redis.store_commands(SWEEP_COMMANDS)
    events = [harness.request("POST", f"/v1/sessions/{i}/events",
                              {"screen": "s1", "event": "select", "payload": {"code": "USD"}}) for i in ids]
    redis.command("CONFIG", "RESETSTAT")
    harness.expect(harness.pipeline(server.port, events), 200, "POST event")
    per_post = redis.store_commands() / count
    sweep_post = redis.store_commands(SWEEP_COMMANDS)
    return {"per_get": per_get, "per_post_event": per_post, "requests": count,
            "sweep_commands": sweep_get + sweep_post}


def targets(results):
    t, c = results["throughput"], results["commands"]
    return [
        ("Redis store, 1 instance, GET req/s vs file store", t["redis_1"]["get"]["requests_per_second"]
         / t["file"]["get"]["requests_per_second"], ">=", 0.6),
        ("Redis store, 1 instance, POST event req/s vs file store", t["redis_1"]["post"]["requests_per_second"]
         / t["file"]["post"]["requests_per_second"], ">=", 0.5),
        ("Redis store, 3 instances vs 1, GET req/s", t["redis_3"]["get"]["requests_per_second"]
         / t["redis_1"]["get"]["requests_per_second"], ">=", 1.0),
        ("Redis store, 3 instances vs 1, POST event req/s", t["redis_3"]["post"]["requests_per_second"]
         / t["redis_1"]["post"]["requests_per_second"], ">=", 1.0),
        ("Redis commands per GET (cache current)", c["per_get"], "<=", 1.0),
        ("Redis commands per POST event", c["per_post_event"], "<=", 1.0),
    ]


def markdown(results):
    names = {"file": "file store, 1 instance", "redis_1": "Redis, 1 instance", "redis_3": "Redis, 3 instances"}
    lines = ["", "Redis store vs file store, 64 connections (three instances share them), medians; "
             f"Redis instances with --threads {results.get('redis_threads', '?')}, "
             f"Redis AOF appendfsync {results.get('redis_appendfsync', '?')}, file store --fsync everysec:", "",
             "| store | GET req/s | GET p99 µs | POST event req/s | POST event p99 µs |",
             "| --- | --- | --- | --- | --- |"]
    for side, name in names.items():
        row = results["throughput"][side]
        lines.append(f"| {name} | {row['get']['requests_per_second']:,.0f} | {row['get']['p99_us']:,.0f} "
                     f"| {row['post']['requests_per_second']:,.0f} | {row['post']['p99_us']:,.0f} |")
    c = results["commands"]
    lines += ["", f"Redis commands per GET {c['per_get']:.2f}, per POST event {c['per_post_event']:.2f} "
                  f"(INFO commandstats over {c['requests']} requests each; "
                  f"{c.get('sweep_commands', 0)} commands of a sweep counting sessions fell in those windows, not counted)."]
    return "\n".join(lines)
