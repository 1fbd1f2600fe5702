#!/usr/bin/env python3
"""Instructions per request of navigation-server, by part, under callgrind.

Wall-clock numbers drift on a shared machine; instruction counts do not. This
runs the release binary under `valgrind --tool=callgrind` with one server
thread and the default store (the file journal, `--fsync everysec`), sets up
sessions, sends a warm-up, zeroes the counters, sends a fixed load on one
pipelined keep-alive connection, dumps, and prints the instructions per
request of the whole process and of each part (inclusive costs of the
functions named in PARTS), as a Markdown table.

    python3 bench/profile.py                       # get, event, create; 2,000 requests each
    python3 bench/profile.py --scenarios event --requests 5000 --keep out/
    python3 bench/profile.py --scenarios replay --requests 20   # GETs that each rebuild a 1,000-event session
    python3 bench/profile.py --scenarios event,file-event       # the Swift exchange, then its flow file

The kernel's work (TCP, write(2), fsync) is not counted: callgrind counts
user-space instructions only. Callgrind runs one thread at a time, so
threads add no contention here.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

import harness

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The built-in flows written as flow files, each version 2 of its flow (docs/flow-files.md).
TWINS = os.path.join(ROOT, "examples/flows/twins")

# Each part: a label and the demangled names (prefixes) of the functions
# whose inclusive cost is the part's. The handler's parts do not nest; what
# they leave is "the rest of our handler".
MEMSET = "__memset_avx2_unaligned_erms"
HANDLER = "@objc daemonAccessHandler("
HANDLER_PARTS = [
    ("request id", ["static RequestID.forRequest(sentAs:)", "specialized static RequestID.forRequest(sentAs:)"]),
    ("route (path split, percent-decoding; a POST's head and body)", ["RouteTable.match(_:)"]),
    ("host check (--allowed-hosts)", ["HostPolicy.admits(host:)"]),
    ("read the body (Content-Type, strict JSON parse)", ["specialized static JSONRequestBody.object(of:shape:keys:)",
                                                         "static JSONRequestBody.object(of:shape:keys:)"]),
    ("create the session (flow start, coordinators, screens)", ["Session.init(id:flow:context:"]),
    ("validate and apply the event (handler, router, settle, budget, history)", ["Session.send(_:expectedVersion:"]),
    ("journal record (encode the entry)", ["JournalEntry.encodedBody(patches:digest:)"]),
    ("journal append (file store; the fsync is the kernel's)", ["FileStore.appendValidated("]),
    ("render the session document", ["Session.renderedDocument()", "Session.document(typeNames:expectedBytes:)"]),
    ("live-stream feed (subscribers?)", ["SessionFeed.announce(_:)"]),
    ("metrics counters", ["ServerMetrics.record", "DurationHistogram.record"]),
    ("queue the response (libmicrohttpd response, headers)", ["HTTPResponse.queue(on:closingConnection:streams:)"]),
    ("request log line", ["RequestLog.log(requestID:method:route:status:microseconds:)"]),
]
ALLOCATORS = {"malloc", "realloc", "calloc", "posix_memalign", "aligned_alloc"}
EXCLUSIVITY = ["swift_beginAccess", "swift_endAccess"]


def main():
    options = parse_arguments()
    if options.source:
        rows = {scenario: summarize(os.path.join(options.source, f"callgrind.{scenario}.out"), options.requests)
                for scenario in options.scenarios}
        print(markdown(rows, options.requests))
        return
    binary = os.path.abspath(options.binary)
    workdir = tempfile.mkdtemp(prefix="nav-profile-")
    try:
        rows = {}
        for scenario in options.scenarios:
            out = os.path.join(workdir, f"callgrind.{scenario}.out")
            profile_one(binary, scenario, options.requests, workdir, out)
            rows[scenario] = summarize(out, options.requests)
            if options.keep:
                os.makedirs(options.keep, exist_ok=True)
                shutil.copy(out, options.keep)
        print(markdown(rows, options.requests))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/navigation-server"))
    parser.add_argument("--scenarios", default="get,event,create", type=lambda text: text.split(","))
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--store", default=None, help="--store of the server (default: a fresh file journal)")
    parser.add_argument("--keep", help="copy the callgrind outputs into this directory")
    parser.add_argument("--from", dest="source", help="summarize the callgrind outputs kept in this directory")
    options = parser.parse_args()
    global STORE
    STORE = options.store
    return options


STORE = None


def profile_one(binary, scenario, count, workdir, out):
    store = STORE or "file:" + tempfile.mkdtemp(prefix="data-", dir=workdir)
    server = harness.Server("navigation-server (callgrind)", [
        "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-instr=no", "--collect-atstart=yes",
        binary, "--port", "0", "--threads", "1", "--store", store, "--max-sessions", "1000000",
        "--max-events", "1000000000", "--create-rate", "1000000", "--create-burst", "1000000",
        # Under callgrind a request takes ~50 times as long; at the default TTL the sessions set up
        # for the load would free their documents before it reads them, which wrk's load never sees.
        "--document-ttl", "3600",
    ] + (["--max-cached-sessions", "1"] if scenario == "replay" else [])
      + (["--flows", TWINS] if scenario == "file-event" else []), os.path.join(workdir, f"{scenario}.log"))
    try:
        load = requests_for(scenario, server.port, count)
        # The warm-up reads every session the load reads (a GET's document is then cached, as under wrk).
        warmup = load[:max(count // 4, SESSIONS_READ)] if scenario == "get" else requests_for(scenario, server.port, count // 4)
        harness.expect(harness.pipeline(server.port, warmup), expected_status(scenario), "warm-up")
        callgrind_control("--zero", server.pid)
        harness.expect(harness.pipeline(server.port, load), expected_status(scenario), scenario)
        callgrind_control("--dump", server.pid)
    finally:
        server.stop()
    # The dump of --dump is out.1; the final one at exit is out itself.
    os.replace(out + ".1", out)


SESSIONS_READ = 1000


def callgrind_control(action, pid):
    subprocess.run(["callgrind_control", action, str(pid)], check=True, capture_output=True)


def expected_status(scenario):
    return 201 if scenario == "create" else 200


def requests_for(scenario, port, count):
    """`count` requests of the scenario, as the benchmark's wrk scripts send them."""
    if scenario == "create":
        return [harness.request("POST", "/v1/sessions", {"flow": "exchange"})] * count
    if scenario == "get":
        ids = harness.create_three_screen_sessions(port, min(count, SESSIONS_READ))
        return [harness.request("GET", f"/v1/sessions/{ids[i % len(ids)]}") for i in range(count)]
    if scenario in ("event", "file-event"):
        # Fresh exchange sessions, each cycling select -> convert -> close, 30 events each: the
        # Swift flow's (version 1), or the flow file's of examples/flows/twins (version 2).
        version = 2 if scenario == "file-event" else None
        ids = harness.create_sessions(port, max(count // 30, 1), "exchange", version=version)
        requests, cycle = [], 0
        while len(requests) < count:
            screen = f"s{cycle + 2}"
            for body in ({"screen": "s1", "event": "select", "payload": {"code": ("USD", "EUR", "JPY")[cycle % 3]}},
                         {"screen": screen, "event": "convert", "payload": {"amount": 100}},
                         {"screen": screen, "event": "close"}):
                requests += [harness.request("POST", f"/v1/sessions/{i}/events", body) for i in ids]
            cycle += 1
        return requests[:count]
    if scenario == "replay":
        # Two sessions of REPLAY_EVENTS events read in turn with one cached
        # tree: every GET rebuilds its session from the journal.
        ids = harness.create_sessions(port, 2, "exchange")
        for session in ids:
            path = f"/v1/sessions/{session}/events"
            events = [harness.request("POST", path, {"screen": "s1", "event": "select", "payload": {"code": "EUR"}})]
            events += [harness.request("POST", path, {"screen": "s2", "event": "convert", "payload": {"amount": n}})
                       for n in range(1, REPLAY_EVENTS)]
            harness.expect(harness.pipeline(port, events), 200, "sending the events to replay")
        return [harness.request("GET", f"/v1/sessions/{ids[i % 2]}") for i in range(count)]
    raise SystemExit(f"unknown scenario {scenario}")


REPLAY_EVENTS = 1000


def summarize(out, count):
    """{part: instructions per request} from callgrind_annotate's inclusive listing."""
    # Run from / so that no source path resolves: callgrind_annotate then keeps
    # each function's whole inclusive cost on one row instead of splitting it by file.
    listing = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", "--auto=no",
                              os.path.abspath(out)], capture_output=True, text=True, check=True, cwd="/").stdout
    listing = subprocess.run(["swift", "demangle", "--simplified"], input=listing,
                             capture_output=True, text=True, check=True).stdout
    total = int(re.search(r"^\s*([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", listing, re.M).group(1).replace(",", ""))
    inclusive = {}
    for line in listing.splitlines():
        # Only the rows with an object file: the others are pieces inlined into other functions.
        found = re.match(r"^\s*([\d,]+) \([\s\d.]+%\)\s+[^:]*:(.*) \[[^\]]*\]$", line)
        if found:
            name = found.group(2)
            inclusive[name] = max(inclusive.get(name, 0), int(found.group(1).replace(",", "")))

    def cost(prefixes):
        return sum(value for name, value in inclusive.items() if any(name.startswith(p) for p in prefixes))

    handler = cost([HANDLER])
    memset = cost([MEMSET])
    row = {"total": total, "libmicrohttpd: clearing connection memory (memset)": memset,
           "libmicrohttpd: the rest (read, parse, send)": total - handler - memset,
           "our handler, in all": handler}
    parts = 0
    for label, prefixes in HANDLER_PARTS:
        row["  " + label] = cost(prefixes)
        parts += row["  " + label]
    row["  the rest of our handler (dispatch, lookup, locks, headers)"] = handler - parts
    row["of all: allocator (malloc, free)"] = cost(["malloc", "free", "realloc", "_int_malloc", "_int_free"]) \
        - cost(["_int_malloc", "_int_free"])
    row["of all: exclusivity checks"] = cost(EXCLUSIVITY)
    result = {label: value / count for label, value in row.items()}
    result["allocations (malloc calls)"] = allocation_calls(out) / count
    return result


def allocation_calls(out):
    """Calls to malloc and friends, from the call records of the callgrind output."""
    names, callee, calls = {}, None, 0
    with open(out) as data:
        for line in data:
            if line.startswith("cfn="):
                found = re.match(r"cfn=\((\d+)\)(?: (.*))?", line.strip())
                if found.group(2):
                    names[found.group(1)] = found.group(2)
                callee = names.get(found.group(1))
            elif line.startswith("fn="):
                found = re.match(r"fn=\((\d+)\)(?: (.*))?", line.strip())
                if found and found.group(2):
                    names[found.group(1)] = found.group(2)
            elif line.startswith("calls=") and callee in ALLOCATORS:
                calls += int(line.split("=", 1)[1].split()[0])
    return calls


def markdown(rows, count):
    scenarios = list(rows)
    lines = [f"Instructions per request (callgrind, {count:,} requests per scenario after a warm-up, one server thread)",
             "", "| part | " + " | ".join(scenarios) + " |", "| --- |" + " --- |" * len(scenarios)]
    for label in rows[scenarios[0]]:
        lines.append(f"| {label} | " + " | ".join(f"{rows[s].get(label, 0):,.0f}" for s in scenarios) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
