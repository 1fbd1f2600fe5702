"""What the session journal costs: four measurements for make bench.

1. POST event throughput, file store (`--fsync everysec`, and `always`) vs
   the memory store: the servers run side by side and wrk alternates them.
2. Replay of a 1,000-event session, through the server (method in REPLAY).
3. Restart with many sessions on disk: process start to the listening line.
4. Idle RSS with ten times more sessions than `--max-cached-sessions`.

`measure()` returns the numbers for the results JSON; `targets()` and
`markdown()` judge and print them. Nothing here fails on a number.
"""
import os
import statistics
import sys
import time

import harness

LUA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lua")
KIB = 1024

QUICK = {"runs": 1, "seconds": 1, "warmup": 1, "replay_sessions": 5, "replay_events": 1000,
         "restart_sessions": 10_000, "restarts": 2, "cache": 1000, "idle_sessions": 5000}
FULL = {"runs": 5, "seconds": 3, "warmup": 1, "replay_sessions": 11, "replay_events": 1000,
        "restart_sessions": 100_000, "restarts": 3, "cache": 1000, "idle_sessions": 10_000}

REPLAY = ("each session gets 1 select + 999 convert events, then another session is touched so that "
          "it leaves the cache (--max-cached-sessions 1); the first GET rebuilds it from its journal, "
          "the next GETs find it cached; replay = first GET - median of 5 cached GETs, on one keep-alive "
          "connection, median over the sessions (the fastest too: on a busy machine it is the least disturbed)")


def measure(start_server, workdir, quick):
    """`start_server(log_name, store=..., cached=..., extra=...)` starts a navigation-server."""
    profile = QUICK if quick else FULL
    results = {}
    for key, scenario in (("fsync", fsync_throughput), ("replay", replay),
                          ("restart", restart), ("idle_memory", idle_memory)):
        started = time.time()
        results[key] = scenario(start_server, workdir, profile)
        results[key]["wall_seconds"] = round(time.time() - started, 1)
    return results


def fsync_throughput(start_server, workdir, profile):
    """POST events at 64 connections: memory, file+everysec and file+always, in turns."""
    servers = {}
    try:
        servers["memory"] = start_server("durability-memory.log", store="memory")
        for policy in ("everysec", "always"):
            servers[policy] = start_server(f"durability-{policy}.log", extra=("--fsync", policy))
        runs = {side: [] for side in servers}
        for round_index in range(profile["runs"] + 1):  # round 0 is the warm-up
            seconds = profile["warmup"] if round_index == 0 else profile["seconds"]
            for side, server in servers.items():
                # Fresh exchange sessions every run: the script assumes each starts on `rates`.
                ids = harness.create_sessions(server.port, 256, "exchange")
                result = harness.measure(server, os.path.join(LUA, "post-events.lua"), 64, seconds,
                                         [harness.write_ids(workdir, f"durability-{side}.ids", ids)])
                if round_index > 0:
                    runs[side].append(result["requests_per_second"])
                harness.wait_a_moment()
        rates = {side: statistics.median(values) for side, values in runs.items()}
        result = {"connections": 64, "runs_per_server": profile["runs"], "seconds_per_run": profile["seconds"],
                  "requests_per_second": rates, "runs": runs,
                  "everysec_vs_memory": rates["everysec"] / rates["memory"],
                  "always_vs_memory": rates["always"] / rates["memory"]}
        print(f"  POST event req/s: memory {rates['memory']:.0f}, everysec {rates['everysec']:.0f}, "
              f"always {rates['always']:.0f}", file=sys.stderr)
        return result
    finally:
        for server in servers.values():
            server.stop()


def replay(start_server, workdir, profile):
    """Rebuild time of a session with `replay_events` events (see REPLAY)."""
    server = start_server("durability-replay.log", cached=1)
    try:
        events = profile["replay_events"]
        ids = harness.create_sessions(server.port, profile["replay_sessions"], "exchange")
        other = harness.create_sessions(server.port, 1, "exchange")[0]
        for session in ids:
            path = f"/v1/sessions/{session}/events"
            requests = [harness.request("POST", path, {"screen": "s1", "event": "select",
                                                       "payload": {"code": "EUR"}})]
            requests += [harness.request("POST", path, {"screen": "s2", "event": "convert",
                                                        "payload": {"amount": n}})
                         for n in range(1, events)]
            harness.expect(harness.pipeline(server.port, requests), 200, "sending events to replay")
        rebuilds, cached = [], []
        with harness.Connection(server.port) as connection:
            for session in ids:
                connection.timed("GET", f"/v1/sessions/{other}")  # evicts `session`
                first = connection.timed("GET", f"/v1/sessions/{session}")
                hits = [connection.timed("GET", f"/v1/sessions/{session}") for _ in range(5)]
                rebuilds.append(first)
                cached.append(statistics.median(hits))
        replays = [first - hit for first, hit in zip(rebuilds, cached)]
        replay_us = statistics.median(replays)
        print(f"  replay of {events} events: {replay_us:.0f} µs", file=sys.stderr)
        return {"method": REPLAY, "events": events, "sessions": len(ids),
                "first_get_us": statistics.median(rebuilds), "cached_get_us": statistics.median(cached),
                "replay_us": replay_us, "us_per_event": replay_us / events, "replay_us_min": min(replays),
                "replay_us_each": [round(value, 1) for value in replays]}
    finally:
        server.stop()


def restart(start_server, workdir, profile):
    """Start to listening line with `restart_sessions` sessions on disk, and their size."""
    count = profile["restart_sessions"]
    data = os.path.join(workdir, "durability-restart-data")
    server = start_server("durability-restart-fill.log", store="file:" + data)
    try:
        ids = []
        while len(ids) < count:
            ids += harness.create_sessions(server.port, min(10_000, count - len(ids)), "exchange")
    finally:
        server.stop()
    disk = directory_bytes(data)
    seconds = []
    for attempt in range(profile["restarts"]):
        started = time.monotonic()
        server = start_server(f"durability-restart-{attempt}.log", store="file:" + data)
        seconds.append(time.monotonic() - started)
        try:
            live = harness.metric(server.port, "navigation_sessions_live")
            if live != count:
                raise harness.BenchmarkBroken(f"restarted with {live} sessions, not {count}")
        finally:
            server.stop()
    startup = statistics.median(seconds)
    print(f"  restart with {count} sessions: {startup:.2f} s, {disk / count:.0f} B/session on disk",
          file=sys.stderr)
    return {"sessions": count, "startup_seconds": startup, "startup_seconds_each": seconds,
            "disk_bytes": disk, "disk_bytes_per_session": disk / count}


def idle_memory(start_server, workdir, profile):
    """RSS with the cache just full vs with ten times more sessions than it holds."""
    cache, total = profile["cache"], profile["idle_sessions"]
    server = start_server("durability-idle.log", cached=cache)
    try:
        base = server.rss_bytes()
        ids = touch_new_sessions(server, cache)
        full = harness.rss_just_after(server)
        ids += touch_new_sessions(server, total - cache)
        many = harness.rss_just_after(server)
        # Reported, not checked: the cache's shards round the capacity up (1,000 -> 64 x 16).
        cached = harness.metric(server.port, "navigation_sessions_cached")
    finally:
        server.stop()
    print(f"  RSS {full / KIB / KIB:.1f} MiB with {cache} sessions, {many / KIB / KIB:.1f} MiB with {total}",
          file=sys.stderr)
    return {"max_cached_sessions": cache, "sessions": total, "cached_sessions": cached, "base_rss_bytes": base,
            "cache_full_rss_bytes": full, "many_rss_bytes": many,
            "bytes_per_cached_session": (full - base) / cache, "ratio": many / full}


def touch_new_sessions(server, count):
    """Creates `count` exchange sessions, then GETs each once (older ones are evicted and replayed)."""
    ids = harness.create_sessions(server.port, count, "exchange")
    harness.expect(harness.pipeline(server.port, [harness.request("GET", f"/v1/sessions/{i}") for i in ids]),
                   200, "touching sessions")
    return ids


def directory_bytes(path):
    """Bytes of every file under `path` (apparent size, as `du -sb` counts them)."""
    return sum(os.path.getsize(os.path.join(folder, name))
               for folder, _, names in os.walk(path) for name in names)


def targets(durability):
    """[(measure, value, op, bound)] for report.targets; `always` has no target."""
    rows = []
    if "fsync" in durability:
        rows.append(("POST event req/s, file store + fsync everysec vs memory store, 64 connections",
                     durability["fsync"]["everysec_vs_memory"], ">=", 0.9))
    if "replay" in durability:
        r = durability["replay"]
        rows.append((f"replay of a {r['events']}-event session, ms", r["replay_us"] / 1000, "<=", 2.0))
    if "restart" in durability:
        r = durability["restart"]
        rows.append((f"restart with {r['sessions']:,} sessions on disk, start to listening, s",
                     r["startup_seconds"], "<=", 2.0))
    if "idle_memory" in durability:
        m = durability["idle_memory"]
        rows.append((f"RSS with {m['sessions']:,} sessions vs {m['max_cached_sessions']:,} "
                     f"(--max-cached-sessions {m['max_cached_sessions']})", m["ratio"], "<=", 1.2))
    return rows


def markdown(durability):
    lines = ["", "| durability | value |", "| --- | --- |"]
    if "fsync" in durability:
        f = durability["fsync"]
        rates = f["requests_per_second"]
        lines.append(f"| POST event req/s, 64 connections, median of {f['runs_per_server']} x "
                     f"{f['seconds_per_run']} s: memory / everysec / always "
                     f"| {rates['memory']:,.0f} / {rates['everysec']:,.0f} / {rates['always']:,.0f} "
                     f"(everysec {f['everysec_vs_memory']:.2f}, always {f['always_vs_memory']:.2f} of memory) |")
    if "replay" in durability:
        r = durability["replay"]
        lines.append(f"| replay of {r['events']} events (median of {r['sessions']} sessions) "
                     f"| {r['replay_us']:,.0f} µs, {r['us_per_event']:.2f} µs/event, fastest {r['replay_us_min']:,.0f} µs "
                     f"(first GET {r['first_get_us']:,.0f} µs, cached GET {r['cached_get_us']:,.0f} µs) |")
    if "restart" in durability:
        r = durability["restart"]
        lines.append(f"| restart with {r['sessions']:,} sessions on disk | {r['startup_seconds']:.2f} s to listening, "
                     f"{r['disk_bytes'] / KIB / KIB:.1f} MiB on disk, {r['disk_bytes_per_session']:,.0f} B/session |")
    if "idle_memory" in durability:
        m = durability["idle_memory"]
        lines.append(f"| RSS, --max-cached-sessions {m['max_cached_sessions']:,} "
                     f"| {m['cache_full_rss_bytes'] / KIB / KIB:.1f} MiB with {m['max_cached_sessions']:,} sessions, "
                     f"{m['many_rss_bytes'] / KIB / KIB:.1f} MiB with {m['sessions']:,} "
                     f"(ratio {m['ratio']:.2f}); {m['bytes_per_cached_session']:,.0f} B per cached session |")
    if "replay" in durability:
        lines += ["", f"Replay method: {durability['replay']['method']}."]
    return "\n".join(lines)
