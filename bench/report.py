"""The targets of the performance issue, and the Markdown table of a run."""
import durability
import effects
import flow_files
import instructions
import postgres_store
import redis_store
import streams

KIB = 1024
PARTS = ("instructions", "throughput", "sessions", "durability", "streams", "redis", "postgres", "effects", "flowfiles")


def _ratio(result, key):
    return result["navigation"][key] / result["reference"][key]


def targets(results):
    """[{measure, value, target, met}] for each target the run can judge."""
    rows = []
    if "instructions" in results:
        rows += instructions.targets(results["instructions"])
    if "throughput" in results:
        rows += _throughput_targets(results["throughput"])
    if "sessions" in results:
        rows += _session_targets(results["sessions"])
    if "durability" in results:
        rows += durability.targets(results["durability"])
    if "streams" in results:
        rows += streams.targets(results["streams"])
    if "redis" in results:
        rows += redis_store.targets(results["redis"])
    if "postgres" in results:
        rows += postgres_store.targets(results["postgres"])
    if "effects" in results:
        rows += effects.targets(results["effects"])
    if "flowfiles" in results:
        rows += flow_files.targets(results["flowfiles"])
    return [{"measure": measure, "value": round(value, 3), "target": f"{op} {bound}",
             "met": value >= bound if op == ">=" else value <= bound}
            for measure, value, op, bound in rows]


def _throughput_targets(t):
    """At 64 connections: GET req/s as a ratio to the reference; the POSTs'
    to the reference that journals every POST (one pwrite before the
    answer, the least a server that loses nothing to kill -9 does); p99s
    as ratios to the reference."""
    rows = [("GET session, 64 connections, req/s vs reference", _ratio(t["get_64"], "requests_per_second"), ">=", 0.85)]
    for key, label, ratio in (("post_64", "POST event", 0.6), ("create_64", "POST session create", 0.5)):
        journaled = t[key]["navigation"]["requests_per_second"] / t[key]["reference_journaled"]["requests_per_second"]
        rows.append((f"{label}, 64 connections, req/s vs the journaling reference", journaled, ">=", ratio))
    for key, label in (("get_64", "GET session"), ("post_64", "POST event"), ("create_64", "POST session create")):
        rows.append((f"{label}, 64 connections, p99 latency vs reference", _ratio(t[key], "p99_us"), "<=", 1.5))
    return rows


def _session_targets(sessions):
    largest = sessions["memory"][-1]
    rows = [(f"RSS per idle session at {largest['sessions']} sessions, KiB",
             largest["bytes_per_session"] / KIB, "<=", 2.0)]
    live = sessions["throughput"]
    for kind, label in (("get_64", "GET"), ("post_64", "POST event")):
        rows.append((f"{label} req/s with {live['large']['sessions']} live sessions vs {live['small']['sessions']}",
                     live["large"][kind]["requests_per_second"] / live["small"][kind]["requests_per_second"],
                     ">=", 0.90))
    if "full_cache" in sessions:
        full = sessions["full_cache"]
        rows.append(("POST session create req/s with the tree cache full (10,000) vs a cache that never fills",
                     full["full"]["requests_per_second"] / full["unbounded"]["requests_per_second"], ">=", 0.90))
    return rows


def markdown(results):
    lines = [
        f"navigation-server, {results['mode']} run ({', '.join(part for part in PARTS if part in results)}), "
        f"{results['cores']} cores, {results['threads']} server threads each, "
        f"load average {results['load_average']['before'][0]:.2f} before / "
        f"{results['load_average']['after'][0]:.2f} after",
    ]
    if "instructions" in results:
        lines.append(instructions.markdown(results["instructions"]))
    if "throughput" in results:
        lines += _throughput_table(results["throughput"], results["runs_per_server"], results["seconds_per_run"])
    if "sessions" in results:
        lines += _sessions_tables(results["sessions"])
    if "durability" in results:
        lines.append(durability.markdown(results["durability"]))
    if "streams" in results:
        lines.append(streams.markdown(results["streams"]))
    if "redis" in results:
        lines.append(redis_store.markdown(results["redis"]))
    if "postgres" in results:
        lines.append(postgres_store.markdown(results["postgres"]))
    if "effects" in results:
        lines.append(effects.markdown(results["effects"]))
    if "flowfiles" in results:
        lines.append(flow_files.markdown(results["flowfiles"]))
    lines += ["", "| measure | value | target | met |", "| --- | --- | --- | --- |"]
    for row in results["targets"]:
        lines.append(f"| {row['measure']} | {row['value']:.2f} | {row['target']} | {'met' if row['met'] else 'not met'} |")
    return "\n".join(lines)


def _throughput_table(t, runs, seconds):
    lines = [
        "",
        f"Against the reference libmicrohttpd server, median of {runs} x {seconds} s runs per server; "
        f"session document {t['document_bytes']} bytes.",
        "",
        "The last column is the CPU the rest of the machine spent per request over the same runs: wrk, mostly, on "
        "the same cores, and dearer per request against a slower server (its threads sleep and are woken more "
        "often), so a req/s ratio falls faster than the servers' CPU ratio.",
        "",
        "| scenario | req/s nav / ref (ratio) | p50 µs nav / ref | p99 µs nav / ref (ratio) | CPU µs/req nav / ref (ratio) "
        "| the rest of the machine, CPU µs/req nav / ref |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for result in t.values():
        if not isinstance(result, dict):
            continue
        nav, ref = result["navigation"], result["reference"]
        lines.append(
            f"| {result['what']} "
            f"| {nav['requests_per_second']:,.0f} / {ref['requests_per_second']:,.0f} "
            f"({_ratio(result, 'requests_per_second'):.2f}) "
            f"| {nav['p50_us']:,.0f} / {ref['p50_us']:,.0f} "
            f"| {nav['p99_us']:,.0f} / {ref['p99_us']:,.0f} ({_ratio(result, 'p99_us'):.2f}) "
            f"| {nav['cpu_us_per_request']:.1f} / {ref['cpu_us_per_request']:.1f} "
            f"({_ratio(result, 'cpu_us_per_request'):.2f}) "
            f"| {nav['others_cpu_us_per_request']:.1f} / {ref['others_cpu_us_per_request']:.1f} |")
    journaled = [result for result in t.values() if isinstance(result, dict) and "reference_journaled" in result]
    if journaled:
        lines += ["", "The reference with a journal: one `pwrite(2)` of each POST before its answer, no fsync "
                  "(what the file store does at least, so that `kill -9` loses no accepted event).", "",
                  "| scenario | req/s journaled ref (vs ref) | CPU µs/req journaled ref (over ref) "
                  "| navigation-server CPU µs/req over the journaled ref |", "| --- | --- | --- | --- |"]
        for result in journaled:
            nav, ref, floor = result["navigation"], result["reference"], result["reference_journaled"]
            lines.append(
                f"| {result['what']} | {floor['requests_per_second']:,.0f} "
                f"({floor['requests_per_second'] / ref['requests_per_second']:.2f}) "
                f"| {floor['cpu_us_per_request']:.1f} (+{floor['cpu_us_per_request'] - ref['cpu_us_per_request']:.1f}) "
                f"| {nav['cpu_us_per_request'] - floor['cpu_us_per_request']:.1f} |")
    return lines


def _sessions_tables(sessions):
    lines = ["", "| live exchange sessions | RSS MiB, idle | RSS growth per idle session, bytes "
             "| per session right after creating them, bytes |", "| --- | --- | --- | --- |"]
    for stage in sessions["memory"]:
        in_use = stage.get("bytes_per_session_in_use")
        lines.append(f"| {stage['sessions']:,} | {stage['rss_bytes'] / KIB / KIB:.1f} "
                     f"| {stage['bytes_per_session']:,.0f} | {'–' if in_use is None else f'{in_use:,.0f}'} |")
    lines += ["", "| live sessions (alternating servers) | GET req/s, 64 conn. | POST event req/s, 64 conn. |",
              "| --- | --- | --- |"]
    for side in ("small", "large"):
        live = sessions["throughput"][side]
        lines.append(f"| {live['sessions']:,} | {live['get_64']['requests_per_second']:,.0f} "
                     f"| {live['post_64']['requests_per_second']:,.0f} |")
    if "full_cache" in sessions:
        full = sessions["full_cache"]
        lines += ["", "| tree cache (alternating servers) | POST session create req/s, 64 conn. | CPU µs/req |",
                  "| --- | --- | --- |"]
        for side, label in (("full", "full: 10,000, every create evicts"), ("unbounded", "never fills")):
            lines.append(f"| {label} | {full[side]['requests_per_second']:,.0f} | {full[side]['cpu_us_per_request']:.1f} |")
    return lines
