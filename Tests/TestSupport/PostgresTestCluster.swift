import Foundation
import Platform
import Testing

/// A PostgreSQL cluster of a test's own: `initdb` in a fresh temporary
/// directory, `postgres` on a free loopback port, the user `navigation`
/// with a password (scram-sha-256 over TCP, so a store's URI must carry
/// it). Stopped by its process id when the value goes away.
///
/// PostgreSQL refuses to run as root, and CI runs as root: there both
/// programs run as `nobody` through `setpriv`, which execs them, so the
/// child's pid is the server's own. The cluster runs with `fsync=off`
/// (a killed server loses nothing the operating system has; only a power
/// loss would) and `synchronous_commit` on.
///
/// ``shared()`` is one cluster for the whole test process, each test on a
/// database of its own (``createDatabase()``): an `initdb` costs a second
/// or more. `make test` installs Debian's `postgresql` when it is missing.
public final class PostgresTestCluster: Sendable {
    public let port: Int
    public let directory: String
    public let user = "navigation"
    public let password: String
    private let child = LockedBox<ChildProcess?>(nil)
    private let databases = LockedBox(0)

    /// Makes and starts a cluster; returns once it accepts connections.
    public init() throws {
        directory = try Self.makeDirectory()
        password = "pw-\(UUID().uuidString.prefix(12))"
        port = try freeLoopbackPort()
        let passwordFile = directory + "/password"
        FileManager.default.createFile(atPath: passwordFile, contents: Data(password.utf8), attributes: [.posixPermissions: 0o600])
        if Self.runsAsRoot { chown(passwordFile, Self.nobody, Self.nobody) }
        let initdb = try Self.launch(
            "initdb",
            [
                "-D", dataDirectory, "-U", user, "--pwfile", passwordFile, "--auth-local", "trust", "--auth-host", "scram-sha-256",
                "-E", "UTF8", "--locale", "C", "--no-sync",
            ])
        let exit = try initdb.waitForExit()
        guard exit == ChildProcess.Exit(status: 0, exited: true) else { throw initdb.failure("failed") }
        try start()
    }

    /// A standby of `primary`, streaming from it (`pg_basebackup -R`), on
    /// a port of its own; returns once it accepts read-only connections.
    /// Its user and password are the primary's.
    public init(standbyOf primary: PostgresTestCluster) throws {
        directory = try Self.makeDirectory()
        password = primary.password
        port = try freeLoopbackPort()
        let backup = try Self.launch(
            "pg_basebackup",
            ["-h", "127.0.0.1", "-p", String(primary.port), "-U", user, "-D", dataDirectory, "-R", "-X", "stream", "--no-sync"],
            environment: ["PGPASSWORD": password])
        let exit = try backup.waitForExit()
        guard exit == ChildProcess.Exit(status: 0, exited: true) else { throw backup.failure("failed") }
        try start()
    }

    /// A fresh temporary directory, the server user's: under the system's
    /// temporary directory when `nobody` can reach it, else under `/tmp`
    /// (a `TMPDIR` only root may enter would stop `initdb`).
    private static func makeDirectory() throws -> String {
        let parent = runsAsRoot && !othersCanEnter(NSTemporaryDirectory()) ? "/tmp/" : NSTemporaryDirectory()
        var template = Array((parent + "postgres-test-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw PostgresTestClusterError(description: "cannot make a temporary directory: errno \(errno)")
        }
        let directory = String(cString: made)
        if runsAsRoot { chown(directory, nobody, nobody) }
        return directory
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// One cluster for every test of the process, made on first use and
    /// stopped when the process exits.
    public static func shared() throws -> PostgresTestCluster {
        try sharedCluster.withLock { cluster in
            if let cluster { return cluster }
            let made = try PostgresTestCluster()
            cluster = made
            sharedPID.withLock { $0 = made.pid }
            sharedDirectory.withLock { $0 = made.directory }
            atexit {
                // An immediate shutdown: the backends end with the server.
                if let pid = PostgresTestCluster.sharedPID.withLock({ $0 }) { kill(pid, SIGQUIT) }
                let giveUp = ContinuousClock.now + .seconds(5)
                while let pid = PostgresTestCluster.sharedPID.withLock({ $0 }), kill(pid, 0) == 0,
                    (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z ") != true,
                    ContinuousClock.now < giveUp
                {
                    usleep(10_000)
                }
                if let directory = PostgresTestCluster.sharedDirectory.withLock({ $0 }) {
                    try? FileManager.default.removeItem(atPath: directory)
                }
            }
            return made
        }
    }

    private static let sharedCluster = LockedBox<PostgresTestCluster?>(nil)
    private static let sharedPID = LockedBox<Int32?>(nil)
    private static let sharedDirectory = LockedBox<String?>(nil)

    public var dataDirectory: String { directory + "/data" }

    /// The server's process id, nil while it is stopped.
    public var pid: Int32? { child.withLock { $0 }.flatMap { $0.isRunning ? $0.pid : nil } }

    /// `postgresql://navigation:PASSWORD@127.0.0.1:PORT/DATABASE`.
    public func url(database: String = "postgres") -> String {
        "postgresql://\(user):\(password)@127.0.0.1:\(port)/\(database)"
    }

    /// The database's name in one of ``url(database:)``'s URIs.
    public static func database(in url: String) -> String {
        String(url.split(separator: "/").last ?? "")
    }

    /// A new, empty database; its URI.
    public func createDatabase() throws -> String {
        let number = databases.withLock { count in
            count += 1
            return count
        }
        let name = "test_\(number)"
        _ = try psql("CREATE DATABASE \(name)")
        return url(database: name)
    }

    /// A new, empty database; its URI with `password` in place of the
    /// user's (a wrong one, which the server refuses), or none when `nil`.
    public func createDatabase(password: String?) throws -> String {
        try createDatabase().replacingOccurrences(of: ":\(self.password)@", with: password.map { ":\($0)@" } ?? "@")
    }

    /// Starts the server (again) on the same port and data directory;
    /// returns once it accepts connections. Its log is the child's stderr,
    /// in every failure message.
    public func start() throws {
        let process = try Self.launch(
            "postgres",
            [
                "-D", dataDirectory, "-p", String(port), "-k", directory, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
                "-c", "max_connections=200", "-c", "shared_buffers=16MB",
            ])
        child.withLock { $0 = process }
        // A standby says it accepts "read-only connections".
        try process.wait(for: "PostgreSQL to accept connections", within: 60) { child in
            child.errorOutput.contains("database system is ready to accept") || !child.isRunning
        }
        guard process.isRunning else { throw process.failure("exited before it accepted connections") }
    }

    /// Stops the server and waits for it to exit: SIGQUIT (an immediate
    /// shutdown) by default, SIGKILL for a crash.
    public func stop(signal: Int32 = SIGQUIT) {
        guard let process = child.withLock({ $0 }), process.isRunning else { return }
        process.signal(signal)
        _ = try? process.waitForExit()
        child.withLock { $0 = nil }
    }

    /// Runs `sql` with psql on `database` over TCP, as ``user``; what it
    /// printed, one row a line, fields separated by `|`.
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        let process = try launchPsql(sql, database: database)
        let exit = try process.waitForExit()
        guard exit == ChildProcess.Exit(status: 0, exited: true) else { throw process.failure("failed") }
        return process.output
    }

    /// Starts psql running `sql` on `database`, and returns without waiting
    /// for it: for a test that holds a lock while it looks.
    public func launchPsql(_ sql: String, database: String = "postgres") throws -> ChildProcess {
        try ChildProcess(
            URL(fileURLWithPath: Self.binary("psql")),
            [
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(port), "-U", user, "-d", database, "-c",
                sql,
            ],
            environment: ["PGPASSWORD": password])
    }

    /// Starts a program of PostgreSQL's, as `nobody` when the tests run as root.
    private static func launch(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        if runsAsRoot {
            let asNobody = ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", "--", binary(program)]
            return try ChildProcess(URL(fileURLWithPath: "/usr/bin/setpriv"), asNobody + arguments, environment: environment)
        }
        return try ChildProcess(URL(fileURLWithPath: binary(program)), arguments, environment: environment)
    }

    static var runsAsRoot: Bool { geteuid() == 0 }

    /// Whether every directory from the root down to `path` may be entered
    /// by anyone (the search bit for others).
    private static func othersCanEnter(_ path: String) -> Bool {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            var status = stat()
            guard stat(prefix, &status) == 0, status.st_mode & S_IXOTH != 0 else { return false }
        }
        return true
    }
    /// `nobody` and `nogroup` on Debian.
    static let nobody: UInt32 = 65534

    /// The newest installed PostgreSQL's `program`: Debian keeps each
    /// major version's programs in `/usr/lib/postgresql/VERSION/bin`.
    static func binary(_ program: String) -> String {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        return versions.last.map { "\(root)/\($0)/bin/\(program)" } ?? "/usr/bin/\(program)"
    }
}

public struct PostgresTestClusterError: Error, CustomStringConvertible {
    public let description: String
}
