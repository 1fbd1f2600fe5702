"""Flow files for make bench: the exchange flow file against the Swift exchange.

One navigation-server with `--flows examples/flows/twins` hosts the file as
version 2 of `exchange` beside the built-in Swift version 1. wrk sends the
same select -> convert -> close cycle (post-events.lua) at 64 connections
to fresh sessions of each version in turns, the order alternating each
round, and the medians are compared: events per second of the file over
the Swift flow's. Then callgrind counts our handler's instructions per
event of each (profile.py's `event` and `file-event` scenarios), reported
side by side, not budgeted.

Standard library only.
"""
import os
import tempfile

import harness
import instructions
import profile

LUA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lua")
QUICK = {"runs": 2, "seconds": 1, "warmup": 1, "requests": 500}
FULL = {"runs": 5, "seconds": 3, "warmup": 1, "requests": 2000}
CONNECTIONS = 64
# post-events.lua keeps one request in flight per session: four sessions per connection.
SESSIONS = CONNECTIONS * 4


def measure(start_server, binary, workdir, quick):
    """`start_server(log_name, store=..., extra=...)` starts a navigation-server; `binary` is its executable."""
    settings = QUICK if quick else FULL
    server = start_server("flow-files.log", extra=("--flows", profile.TWINS))
    try:
        versions = {"without": 1, "with": 2}

        def post_events(side, server, seconds):
            # Fresh sessions every run: the script assumes each starts on `rates`.
            ids = harness.create_sessions(server.port, SESSIONS, "exchange", version=versions[side])
            path = harness.write_ids(workdir, f"flow-files-{side}.ids", ids)
            return harness.measure(server, os.path.join(LUA, "post-events.lua"), CONNECTIONS, seconds, [path])[
                "requests_per_second"]
        result = {"connections": CONNECTIONS, **harness.alternate_runs(
            {"without": server, "with": server}, settings["runs"], settings["seconds"], settings["warmup"], post_events)}
    finally:
        server.stop()
    result["instructions_per_event"] = {}
    for side, scenario in (("swift", "event"), ("file", "file-event")):
        out = os.path.join(tempfile.mkdtemp(prefix="callgrind-", dir=workdir), f"callgrind.{scenario}.out")
        profile.profile_one(binary, scenario, settings["requests"], workdir, out)
        result["instructions_per_event"][side] = profile.summarize(out, settings["requests"])[instructions.HANDLER]
    return result


def targets(flow_files):
    """[(measure, value, op, bound)] for report.targets."""
    return [("POST event req/s of the exchange flow file vs the Swift exchange, 64 connections",
             flow_files["ratio"], ">=", 0.8)]


def markdown(flow_files):
    rates = flow_files["requests_per_second"]
    counts = flow_files["instructions_per_event"]
    title = "Flow files: the exchange flow file against the Swift exchange"
    return harness.markdown_table(title, ["measure", "Swift", "file"], [
        [f"POST event req/s, {flow_files['connections']} connections", f"{rates['without']:.0f}",
         f"{rates['with']:.0f} ({flow_files['ratio']:.2f})"],
        ["our handler's instructions per event (callgrind)", f"{counts['swift']:,.0f}", f"{counts['file']:,.0f}"],
    ])
