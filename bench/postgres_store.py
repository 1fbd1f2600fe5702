"""The PostgreSQL store against the Redis store and the file store, for make bench (`--only postgres`).

GET session and POST event throughput and p99 at 64 connections, measured in turns after a warm-up (as
bench/redis_store.py does): one instance on the file store (`--fsync everysec`), one on Redis (AOF,
`appendfsync everysec`), one on PostgreSQL, and three on one PostgreSQL (three wrk processes share the 64
connections, one per instance, and their request rates add up). All on this machine.

PostgreSQL keeps its own promise here: `fsync` and `synchronous_commit` on, so an answered event is on disk
before the answer (the others may lose the last second on power loss). It runs as `nobody` when the
benchmark runs as root (PostgreSQL refuses root), on a free loopback port, in a cluster of its own.

Target (issue 46): POST event req/s with one instance >= 0.5x the Redis store's. Nothing here fails on a
number. PG_EXTRA="-c synchronous_commit=off" (for example) adds settings to postgres's command line, for an
experiment.
"""
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time

import harness
import redis_store

# The server's own default for a postgres:// store: sixteen threads per core (an append's thread waits for
# its commit, and the appends waiting together share one pipeline and one commit).
POSTGRES_THREADS = 16 * (os.cpu_count() or 1)
NOBODY = 65534
EXTRA = os.environ.get("PG_EXTRA", "").split()


class PostgresServer:
    """initdb and postgres in a directory of its own under /tmp (which nobody can enter), on a free port."""

    def __init__(self):
        binaries = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda path: int(path.split("/")[-2]))
        if not binaries:
            raise harness.BenchmarkBroken("no PostgreSQL under /usr/lib/postgresql (make bench installs Debian's)")
        self.bin = binaries[-1]
        self.directory = tempfile.mkdtemp(prefix="postgres-bench-", dir="/tmp")
        self.as_root = os.geteuid() == 0
        if self.as_root:
            os.chown(self.directory, NOBODY, NOBODY)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        data = os.path.join(self.directory, "data")
        initdb = subprocess.run(self.command("initdb", "-D", data, "-U", "navigation", "--auth=trust", "-E", "UTF8",
                                             "--locale=C"), capture_output=True, text=True)
        if initdb.returncode != 0:
            shutil.rmtree(self.directory, ignore_errors=True)
            raise harness.BenchmarkBroken(f"initdb failed: {initdb.stderr.strip()}")
        self.log = open(os.path.join(self.directory, "postgres.log"), "w")
        self.process = subprocess.Popen(
            self.command("postgres", "-D", data, "-p", str(self.port), "-k", self.directory,
                         "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300", *EXTRA),
            stdout=self.log, stderr=self.log)
        for _ in range(400):
            with open(os.path.join(self.directory, "postgres.log")) as log:
                if "ready to accept connections" in log.read():
                    return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        self.stop()
        raise harness.BenchmarkBroken("postgres did not start")

    def command(self, program, *arguments):
        binary = os.path.join(self.bin, program)
        if self.as_root:
            return ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--", binary, *arguments]
        return [binary, *arguments]

    @property
    def url(self):
        return f"postgresql://navigation@127.0.0.1:{self.port}/postgres"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()  # a smart shutdown: the instances are stopped first
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.log.close()
        shutil.rmtree(self.directory, ignore_errors=True)


def measure(start_server, workdir, quick):
    """`start_server(log_name, store=..., extra=...)` starts a navigation-server."""
    profile = redis_store.QUICK if quick else redis_store.FULL
    redis = redis_store.RedisServer(workdir)
    servers = {}
    postgres = None
    try:
        postgres = PostgresServer()
        servers["file"] = [start_server("postgres-bench-file.log")]
        redis_threads = ("--threads", str(redis_store.REDIS_THREADS))
        servers["redis_1"] = [start_server("postgres-bench-redis-1.log", store=redis.url, extra=redis_threads)]
        threads = ("--threads", str(POSTGRES_THREADS))
        servers["postgres_1"] = [start_server("postgres-bench-postgres-1.log", store=postgres.url, extra=threads)]
        servers["postgres_3"] = [start_server(f"postgres-bench-postgres-3-{n}.log", store=postgres.url, extra=threads)
                                 for n in range(3)]
        return {"throughput": redis_store.throughput(servers, workdir, profile), "postgres_threads": POSTGRES_THREADS}
    finally:
        for group in servers.values():
            for server in group:
                server.stop()
        redis.stop()
        if postgres is not None:
            postgres.stop()


def targets(results):
    t = results["throughput"]
    return [
        ("PostgreSQL store, 1 instance, POST event req/s vs Redis store", t["postgres_1"]["post"]["requests_per_second"]
         / t["redis_1"]["post"]["requests_per_second"], ">=", 0.5),
    ]


def markdown(results):
    names = {"file": "file store, 1 instance", "redis_1": "Redis, 1 instance", "postgres_1": "PostgreSQL, 1 instance",
             "postgres_3": "PostgreSQL, 3 instances"}
    lines = ["", "PostgreSQL store vs Redis store vs file store, 64 connections (three instances share them), medians; "
             f"PostgreSQL instances with --threads {results.get('postgres_threads', '?')}, fsync and "
             "synchronous_commit on; Redis AOF appendfsync everysec; file store --fsync everysec:", "",
             "| store | GET req/s | GET p99 µs | POST event req/s | POST event p99 µs |",
             "| --- | --- | --- | --- | --- |"]
    for side, name in names.items():
        row = results["throughput"][side]
        lines.append(f"| {name} | {row['get']['requests_per_second']:,.0f} | {row['get']['p99_us']:,.0f} "
                     f"| {row['post']['requests_per_second']:,.0f} | {row['post']['p99_us']:,.0f} |")
    return "\n".join(lines)
