#!/usr/bin/env python3
"""make bench: navigation-server against a raw libmicrohttpd reference server.

First, our handler's instructions and allocations per request under
callgrind (bench/instructions.py). Then both servers run side by side on loopback with the same daemon flags and
thread count; wrk drives them in turns (A B A B, after a warm-up) and the
medians are compared as ratios, so the noise of a shared machine cancels
out. Then a fresh navigation-server is filled with 1k, 10k and 100k sessions
to measure memory per session and throughput with many live sessions.
Last, what the session journal costs (bench/durability.py): POST events
with the file store vs the memory store, replay of a 1,000-event session,
restart with many sessions on disk, idle RSS beyond the tree cache.
Then live-update streams (bench/streams.py): 10,000 idle streams, fan-out
to 1,000 subscribers, POST throughput with 1,000 idle streams, and the
latency of a stream on one instance fed by another through Redis. Then the
Redis store against the file store, one instance and three, and Redis
commands per request (bench/redis_store.py). Then the PostgreSQL store against the Redis and file stores, one
instance and three (bench/postgres_store.py). First, our handler's instructions and allocations per request under
callgrind (bench/instructions.py). Last, GET throughput with a
thousand effects waiting on a backend vs without (bench/effects.py). Then
the exchange flow file against the Swift exchange: events per second and
instructions per event (bench/flow_files.py).
`--only instructions,throughput,sessions,durability,streams,redis,postgres,effects,flowfiles` runs some of the parts.

Writes bench/results/latest.json (or --output) and prints a Markdown table.
Exits 1 when the benchmark itself breaks, and when a callgrind count of the
`instructions` part is over its budget (bench/instructions.py): counts are
the same on any machine; ratios and latencies are reported, never checked.
"""
import argparse
import json
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import durability
import effects
import flow_files
import harness
import instructions
import postgres_store
import redis_store
import report
import streams

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
LUA = os.path.join(BENCH, "lua")
THREADS = os.cpu_count() or 1

PARTS = report.PARTS

SCENARIOS = [  # (key, what, script, connections); creation last: it grows the session count
    ("get_1", "GET session (3 screens), 1 connection", "get-session.lua", 1),
    ("get_64", "GET session (3 screens), 64 connections", "get-session.lua", 64),
    ("post_1", "POST event (push/update/pop), 1 connection", "post-events.lua", 1),
    ("post_64", "POST event (push/update/pop), 64 connections", "post-events.lua", 64),
    ("create_1", "POST session create, 1 connection", "create-session.lua", 1),
    ("create_64", "POST session create, 64 connections", "create-session.lua", 64),
]
# Also run against the reference with a journal (one pwrite per POST): the
# least a durable server writes per event or create.
JOURNALED = ("post_64", "create_64")


def main():
    options = parse_arguments()
    profile = {"runs": 1, "seconds": 1, "warmup": 1, "session_counts": [1000, 10000]} if options.quick \
        else {"runs": 3, "seconds": 5, "warmup": 2, "session_counts": [1000, 10000, 100000]}
    started = time.time()
    load_before = harness.load_average()
    workdir = tempfile.mkdtemp(prefix="navigation-bench-")
    print(f"bench: servers' logs in {workdir} (removed once the run completes)", file=sys.stderr)
    reference_binary = build_reference_server(workdir)
    results = {
        "mode": "quick" if options.quick else "full",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "cores": THREADS,
        "threads": THREADS,
        "runs_per_server": profile["runs"],
        "seconds_per_run": profile["seconds"],
    }
    if "instructions" in options.only:
        results["instructions"] = instructions.measure(options.server, workdir, options.quick)
    if "throughput" in options.only:
        results["throughput"] = compare_servers(options.server, reference_binary, workdir, profile)
    if "sessions" in options.only:
        results["sessions"] = live_sessions(options.server, workdir, profile)
    def start_server(log_name, **settings):
        return navigation_server(options.server, log_name, workdir, **settings)

    if "durability" in options.only:
        results["durability"] = durability.measure(start_server, workdir, options.quick)
    if "streams" in options.only:
        results["streams"] = streams.measure(start_server, workdir, options.quick)
    if "redis" in options.only:
        results["redis"] = redis_store.measure(start_server, workdir, options.quick)
    if "postgres" in options.only:
        results["postgres"] = postgres_store.measure(start_server, workdir, options.quick)
    if "effects" in options.only:
        results["effects"] = effects.measure(start_server, workdir, options.quick)
    if "flowfiles" in options.only:
        results["flowfiles"] = flow_files.measure(start_server, options.server, workdir, options.quick)
    results["load_average"] = {"before": load_before, "after": harness.load_average()}
    results["wall_seconds"] = round(time.time() - started, 1)
    results["targets"] = report.targets(results)
    os.makedirs(os.path.dirname(options.output), exist_ok=True)
    with open(options.output, "w") as output:
        json.dump(results, output, indent=2)
        output.write("\n")
    print(report.markdown(results))
    print(f"\nwritten to {os.path.relpath(options.output, ROOT)} in {results['wall_seconds']} s")
    # Kept when a part broke (an exception skips this): its server logs are there.
    shutil.rmtree(workdir, ignore_errors=True)
    over = instructions.over_budget(results["instructions"]) if "instructions" in results else []
    for line in over:
        print(f"make bench: {line}", file=sys.stderr)
    return 1 if over else 0


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="one short run each (smoke check, about a minute)")
    parser.add_argument("--server", default=os.path.join(ROOT, ".build/release/navigation-server"))
    parser.add_argument("--output", default=os.path.join(BENCH, "results/latest.json"))
    parser.add_argument("--only", default=",".join(PARTS),
                        type=lambda text: [part for part in text.split(",") if part],
                        help=f"comma-separated parts to run, of {','.join(PARTS)} (default: all)")
    options = parser.parse_args()
    unknown = set(options.only) - set(PARTS)
    if unknown:
        parser.error(f"--only: unknown part {', '.join(sorted(unknown))} (parts: {', '.join(PARTS)})")
    return options


def build_reference_server(workdir):
    binary = os.path.join(workdir, "reference-server")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libmicrohttpd"],
                           capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", binary, os.path.join(BENCH, "reference-server.c"), *flags, "-lpthread"],
                   check=True)
    return binary


def navigation_server(binary, log_name, workdir, store=None, cached=5000000, extra=()):
    """By default the file store (journal on, fsync everysec) in a directory of
    its own, and every session cached so that the memory figures are per tree.
    No creation rate limit: the benchmark creates from one address."""
    if store is None:
        store = "file:" + tempfile.mkdtemp(prefix="data-", dir=workdir)
    return harness.Server("navigation-server", [
        binary, "--port", "0", "--threads", str(THREADS), "--store", store,
        "--max-sessions", "5000000", "--max-cached-sessions", str(cached), "--max-events", "1000000000",
        "--max-session-bytes", "1000000000000", "--session-ttl", "86400",
        "--create-rate", "1000000", "--create-burst", "1000000", *extra,
    ], os.path.join(workdir, log_name))


def write_ids(workdir, name, ids):
    path = os.path.join(workdir, name)
    with open(path, "w") as file:
        file.write("\n".join(ids) + "\n")
    return path


def compare_servers(server_binary, reference_binary, workdir, profile):
    """The six scenarios, each alternating reference (A) and navigation-server
    (B); the JOURNALED ones also the reference with its journal (C)."""
    navigation = navigation_server(server_binary, "navigation-server.log", workdir)
    reference = journaled = None
    try:
        document_ids = harness.create_three_screen_sessions(navigation.port, 1000)
        reference, document = reference_server(reference_binary, navigation.port, document_ids[0], workdir)
        journaled, _ = reference_server(reference_binary, navigation.port, document_ids[0], workdir,
                                        journal=os.path.join(workdir, "reference.journal"))
        fake_ids = [secrets.token_hex(16) for _ in range(1000)]
        results = {"document_bytes": len(document)}
        for key, what, script, connections in SCENARIOS:
            sides = [("reference", reference), ("navigation", navigation)]
            if key in JOURNALED:
                sides.append(("reference_journaled", journaled))
            runs = {side: [] for side, _ in sides}
            for round_index in range(profile["runs"] + 1):  # round 0 is the warm-up
                seconds = profile["warmup"] if round_index == 0 else profile["seconds"]
                for side, server in sides:
                    arguments = script_arguments(script, side, navigation.port, document_ids, fake_ids,
                                                 connections, workdir)
                    result = harness.measure(server, os.path.join(LUA, script), connections, seconds, arguments)
                    if round_index > 0:
                        runs[side].append(result)
                    harness.wait_a_moment()
            results[key] = {"what": what, "connections": connections,
                            **{side: medians(side_runs) for side, side_runs in runs.items()}}
            print(f"  {what}: {summary(results[key])}", file=sys.stderr)
        return results
    finally:
        navigation.stop()
        for server in (reference, journaled):
            if server:
                server.stop()


def reference_server(reference_binary, navigation_port, session_id, workdir, busy_us=0, journal=None):
    """The reference, answering with the document navigation-server renders
    for `session_id` now (busy `busy_us` µs per request; with `journal`, a
    file it appends every POST to); and that document."""
    _, _, document = harness.pipeline(navigation_port, [harness.request("GET", f"/v1/sessions/{session_id}")])[0]
    body_path = os.path.join(workdir, "session-document.json")
    with open(body_path, "wb") as file:
        file.write(document)
    arguments = [reference_binary, "0", str(THREADS), body_path] + ([str(busy_us)] if busy_us or journal else []) \
        + ([journal] if journal else [])
    return harness.Server("reference-server", arguments), document


def script_arguments(script, side, navigation_port, document_ids, fake_ids, connections, workdir):
    """The ids a script works on: real ones for navigation-server, made-up
    ones for the reference (which only echoes them)."""
    if script == "get-session.lua":
        return [write_ids(workdir, f"get-{side}.ids", document_ids if side == "navigation" else fake_ids)]
    if script == "post-events.lua":
        # Fresh exchange sessions every run: the script assumes each starts on `rates`.
        count = max(connections * 4, 256)
        ids = harness.create_sessions(navigation_port, count, "exchange") if side == "navigation" \
            else fake_ids[:count]
        return [write_ids(workdir, f"post-{side}.ids", ids)]
    return []


def medians(runs):
    keys = ("requests_per_second", "p50_us", "p99_us", "cpu_us_per_request", "others_cpu_us_per_request")
    return {**{key: statistics.median(run[key] for run in runs) for key in keys},
            "runs": [{key: run[key] for key in keys} for run in runs]}


def summary(result):
    ref, nav = result["reference"], result["navigation"]
    return (f"{nav['requests_per_second']:.0f} vs {ref['requests_per_second']:.0f} req/s "
            f"({nav['requests_per_second'] / ref['requests_per_second']:.2f})")


def live_sessions(server_binary, workdir, profile):
    """Memory per session, and throughput with many live sessions vs 1k.

    One server is filled to 1k, 10k and 100k sessions, its RSS read at each
    step before any load: right after creating them (each still holds its
    rendered document) and once they are idle (every document freed after
    --document-ttl, the default 5 s; the lowest reading over 14 s, see
    harness.settled_rss); a second holds 1k. Then wrk alternates between the
    two (after a warm-up), GET over all their sessions and POST events on
    sessions never sent one, so that noise hits both alike.
    """
    counts = profile["session_counts"]
    small = navigation_server(server_binary, "navigation-server-1k.log", workdir)
    large = navigation_server(server_binary, "navigation-server-many.log", workdir)
    try:
        base = large.rss_bytes()
        # The 1000 created last are the POST sessions: 4 runs (warm-up included) x 250.
        ids = {"small": harness.create_sessions(small.port, counts[0], "exchange"), "large": []}
        memory = []
        for count in counts:
            ids["large"] += harness.create_sessions(large.port, count - len(ids["large"]), "exchange")
            time.sleep(0.5)
            in_use = large.rss_bytes()
            harness.wait_for_idle_documents(large, count)
            rss = harness.settled_rss(large)
            memory.append({"sessions": count, "rss_bytes": rss, "bytes_per_session": (rss - base) / count,
                           "bytes_per_session_in_use": (in_use - base) / count})
            print(f"  {count} sessions: {memory[-1]['bytes_per_session']:.0f} B/session idle, "
                  f"{memory[-1]['bytes_per_session_in_use']:.0f} just created", file=sys.stderr)
        servers = {"small": small, "large": large}
        runs = {(side, kind): [] for side in servers for kind in ("get_64", "post_64")}
        for round_index in range(profile["runs"] + 1):  # round 0 is the warm-up
            seconds = profile["warmup"] if round_index == 0 else profile["seconds"]
            for kind, script in (("get_64", "get-session.lua"), ("post_64", "post-events.lua")):
                for side, server in servers.items():
                    chosen = ids[side] if kind == "get_64" else ids[side][-1000:][250 * round_index:][:250]
                    result = harness.measure(server, os.path.join(LUA, script), 64, seconds,
                                             [write_ids(workdir, f"{side}-{kind}.ids", chosen)])
                    if round_index > 0:
                        runs[(side, kind)].append(result)
                    harness.wait_a_moment()
        throughput = {side: {"sessions": len(ids[side]), **{kind: medians(runs[(side, kind)])
                                                            for kind in ("get_64", "post_64")}}
                      for side in servers}
        return {"base_rss_bytes": base, "memory": memory, "throughput": throughput,
                "full_cache": full_cache(server_binary, workdir, profile)}
    finally:
        small.stop()
        large.stop()


def full_cache(server_binary, workdir, profile):
    """Creation with the tree cache full (--max-cached-sessions at its
    default, 10,000: every create evicts a tree) against a cache that never
    fills, in turns; the warm-up round fills the first."""
    servers = {"full": navigation_server(server_binary, "navigation-server-full-cache.log", workdir, cached=10000),
               "unbounded": navigation_server(server_binary, "navigation-server-unbounded-cache.log", workdir)}
    try:
        runs = {side: [] for side in servers}
        for round_index in range(profile["runs"] + 1):
            seconds = profile["warmup"] if round_index == 0 else profile["seconds"]
            for side, server in servers.items():
                result = harness.measure(server, os.path.join(LUA, "create-session.lua"), 64, seconds)
                if round_index > 0:
                    runs[side].append(result)
                harness.wait_a_moment()
        return {side: medians(side_runs) for side, side_runs in runs.items()}
    finally:
        for server in servers.values():
            server.stop()


if __name__ == "__main__":
    harness.run_main(main, "make bench")
