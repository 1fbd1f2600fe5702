"""Where a request's CPU time goes, in microseconds, under `perf` sampling.

callgrind (`profile.py`) counts user-space instructions; this samples CPU
time, kernel included, on the real load: one server (navigation-server by
default, or the reference with `--reference`), one wrk scenario at 64
connections, `perf record -e cpu-clock -g` on the server's process. Each
row is a function's inclusive share of the samples (its own, when that is
larger: C code without frame pointers loses its callers) times the
server's CPU per request over the same run (from /proc), so rows overlap:
the handler includes the journal's `pwrite` and its own `malloc`s.

    python3 bench/perf_profile.py --scenario event
    python3 bench/perf_profile.py --scenario event --reference --busy-us 60
    python3 bench/perf_profile.py --scenario get --keep      # keeps perf.data for `perf report`

`--busy-us N` makes the reference spin N µs per request before answering:
a reference as slow as a server doing real work, to see what the same
libmicrohttpd and kernel work costs at a lower request rate. Needs `perf`
(Debian's linux-perf); not part of `make bench`.
"""
import argparse
import os
import re
import secrets
import shutil
import subprocess
import tempfile

import harness
import run

SCENARIOS = {"get": "get-session.lua", "event": "post-events.lua", "create": "create-session.lua"}

# (row, the symbols behind it: the largest share of any of them, inclusive or
# its own, is shown); every symbol the wrk load reaches on either server. Kernel symbols are entered through libc's
# wrappers, so these are the system calls as the server makes them.
ROWS = [
    ("the whole access handler (ours, or the reference's)", ("daemonAccessHandler(", "answer")),
    ("  of it: applying the event", ("Session.send(",)),
    ("  of it: rendering the document", ("Session.document()",)),
    ("  of it: the journal append", ("FileStore.append(",)),
    ("  of it: the request log", ("RequestLog.log(",)),
    ("send the response (sendmsg: TCP, and loopback delivery to wrk)", ("__libc_sendmsg",)),
    ("receive requests (recv)", ("__libc_recv",)),
    ("wait for sockets (epoll_wait)", ("epoll_wait",)),
    ("the journal's write (pwrite)", ("__libc_pwrite",)),
    ("memset (libmicrohttpd clears its connection pool per request)", ("__memset_avx2_unaligned_erms",)),
    ("page faults", ("asm_exc_page_fault",)),
]
# Summed by their own (self) samples.
SELF_ROWS = [
    # glibc's malloc by its functions; jemalloc (navigation-server links it) is all of its library.
    ("malloc and free", ("_int_malloc", "_int_free", "malloc", "cfree@GLIBC_2.2.5", "unlink_chunk.constprop.0",
                         "malloc_consolidate", "sysmalloc", "__malloc_usable_size", "free", "libjemalloc.so.2")),
    ("reference counting (swift_retain, swift_release)", ("swift_retain", "swift_release")),
    ("all of the kernel", None),
]


def main():
    options = parse_arguments()
    workdir = tempfile.mkdtemp(prefix="navigation-perf-")
    script = os.path.join(run.LUA, SCENARIOS[options.scenario])
    navigation = run.navigation_server(options.server, "navigation-server.log", workdir)
    server = navigation
    try:
        if options.scenario == "get":
            ids = harness.create_three_screen_sessions(navigation.port, 1000)
        elif options.scenario == "event":
            ids = harness.create_sessions(navigation.port, 2560, "exchange")
        else:
            ids = []
        if options.reference:
            document_id = harness.create_three_screen_sessions(navigation.port, 1)[0]
            server, _ = run.reference_server(run.build_reference_server(workdir), navigation.port, document_id, workdir,
                                             options.busy_us)
            navigation.stop()
            ids = [secrets.token_hex(16) for _ in ids]
        arguments = [harness.write_ids(workdir, "ids", ids)] if ids else []
        data = os.path.join(workdir, "perf.data")
        recorder = subprocess.Popen(["perf", "record", "-e", "cpu-clock", "-F", "2000", "-g", "-o", data,
                                     "-p", str(server.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        result = harness.measure(server, script, 64, options.seconds, arguments)
        recorder.send_signal(2)
        recorder.wait()
        print_table(options, result, data)
    finally:
        server.stop()
        navigation.stop()
        if options.keep:
            print(f"\nkept {workdir} (perf report -i {os.path.join(workdir, 'perf.data')})")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


def print_table(options, result, data):
    cpu = result["cpu_us_per_request"]
    inclusive = shares(data, children=True)
    own = shares(data, children=False)
    name = "reference" + (f" (busy {options.busy_us} µs)" if options.busy_us else "") if options.reference \
        else "navigation-server"
    print(f"{name}, {options.scenario}, 64 connections: {result['requests_per_second']:.0f} req/s, "
          f"{cpu:.1f} µs of server CPU per request\n")
    print("| part | µs per request | share |\n| --- | --- | --- |")
    for row, symbols in ROWS:
        # Self when larger: frames without a frame pointer (the reference's
        # C code, libc) lose their callers, so their inclusive share is short.
        share = max((max(inclusive.get(symbol, 0.0), own.get(symbol, 0.0)) for symbol in symbols), default=0.0)
        if share:
            print(f"| {row} | {share * cpu / 100:.1f} | {share:.1f} % |")
    for row, symbols in SELF_ROWS:
        share = own["[k]"] if symbols is None else sum(own.get(symbol, 0.0) for symbol in symbols)
        print(f"| {row} | {share * cpu / 100:.1f} | {share:.1f} % |")


def shares(data, children):
    """{symbol: percent of the samples}, inclusive with `children`, else
    self, for every symbol a row names (its largest match: a name can be
    both specialized and not); "[k]" is the kernel's self share in all."""
    report = subprocess.run(
        ["perf", "report", "-i", data, "--children" if children else "--no-children", "--sort", "sym", "-g", "none",
         "--stdio"], capture_output=True, text=True, check=True).stdout
    demangled = subprocess.run(["swift", "demangle", "--simplified"], input=report, capture_output=True, text=True,
                               check=True).stdout
    named = [part for _, symbols in ROWS + SELF_ROWS if symbols for part in symbols]
    found = {"[k]": 0.0}
    if not children:
        libraries = subprocess.run(["perf", "report", "-i", data, "--no-children", "--sort", "dso", "-g", "none", "--stdio"],
                                   capture_output=True, text=True, check=True).stdout
        for line in libraries.splitlines():
            match = re.match(r"\s+([\d.]+)%\s+(\S+)\s*$", line)
            if match:
                found[match.group(2)] = float(match.group(1))
    for line in demangled.splitlines():
        match = re.match(r"\s+([\d.]+)%\s+(?:[\d.]+%\s+)?\[(.)\]\s+(.*)$", line)
        if not match:
            continue
        share, space, symbol = float(match.group(1)), match.group(2), match.group(3).strip()
        if space == "k" and not children:
            found["[k]"] += share
        for part in named:
            if symbol == part or re.search(r"(^|\s)" + re.escape(part), symbol) and part.endswith("("):
                found[part] = max(found.get(part, 0.0), share)
    return found


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), default="event")
    parser.add_argument("--server", default=os.path.join(run.ROOT, ".build/release/navigation-server"))
    parser.add_argument("--reference", action="store_true", help="profile the reference server instead")
    parser.add_argument("--busy-us", type=int, default=0, help="with --reference: µs of busy work per request")
    parser.add_argument("--seconds", type=int, default=4)
    parser.add_argument("--keep", action="store_true",
                        help="keep the working directory (perf.data, for `perf report -i`) instead of removing it")
    options = parser.parse_args()
    if options.busy_us and not options.reference:
        parser.error("--busy-us needs --reference")
    return options


if __name__ == "__main__":
    harness.run_main(main, "perf_profile")
