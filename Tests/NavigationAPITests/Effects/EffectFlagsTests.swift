import Coordination
import TestSupport
import Testing

/// `--backend NAME=URL` (and `NAVIGATION_BACKENDS`), `--effect-timeout` and
/// `--effect-wait` as an operator meets them: listed by `--help`, a bad
/// value stops the start with one line that says what is wrong, and the
/// environment variable is honoured.
@Suite("Effects: the server's flags", .timeLimit(.minutes(10)), .hangGuard)
struct EffectFlagsTests {
    /// Runs `navigation-server` with a configuration it must refuse: its
    /// exit status and stderr.
    static func refusedStart(_ arguments: [String], environment: [String: String] = [:]) throws -> (ChildProcess.Exit, String) {
        let child = try ChildProcess(
            try ServerExecutableTests.requireExecutable(), ["--store", "memory"] + arguments, environment: environment,
            directory: try LaunchedServer.freshDirectory())
        let exit = try child.waitForExit()
        #expect(child.output.isEmpty, "nothing on stdout: \(child.output)")
        return (exit, child.errorOutput)
    }

    @Test func helpListsTheEffectFlags() throws {
        let child = try ChildProcess(try ServerExecutableTests.requireExecutable(), ["--help"])
        #expect(try child.waitForExit() == ChildProcess.Exit(status: 0, exited: true))
        for text in [
            "--backend <value>  (env NAVIGATION_BACKENDS, default none)",
            "--effect-timeout <value>  (env NAVIGATION_EFFECT_TIMEOUT, default 10)",
            "--effect-wait <value>  (env NAVIGATION_EFFECT_WAIT, default 0.25)",
        ] {
            #expect(child.output.contains(text), "\(text) in \(child.output)")
        }
    }

    /// Each refusal names what was given and why it is wrong.
    @Test(arguments: [
        (["--backend", "auth.login"], "is not NAME=URL"),
        (["--backend", "auth login=http://127.0.0.1:9/login"], "the effect name 'auth login'"),
        (["--backend", "=http://127.0.0.1:9/login"], "the effect name ''"),
        (["--backend", "auth.login=ftp://127.0.0.1/login"], "must start with http:// or https://"),
        (["--backend", "auth.login=/login"], "the backend URL '/login'"),
        (["--backend", "auth.login=http://user:s3cret-pw@127.0.0.1:9/login"], "user name or password"),
        (
            ["--backend", "auth.login=http://127.0.0.1:9/a", "--backend", "auth.login=http://127.0.0.1:9/b"],
            "'auth.login' is given more than once"
        ),
        (["--backend", "auth.login=http://127.0.0.1:9/a,auth.login=http://127.0.0.1:9/b"], "'auth.login' is given more than once"),
        (["--effect-timeout", "0"], "--effect-timeout: expected a number of seconds in 0.001...3600"),
        (["--effect-timeout", "3601"], "--effect-timeout: expected a number of seconds in 0.001...3600"),
        (["--effect-wait", "61"], "--effect-wait: expected a number of seconds in 0...60"),
        (["--effect-wait", "-1"], "--effect-wait: expected a number of seconds in 0...60"),
    ])
    func aBadValueStopsTheStartWithOneClearLine(arguments: [String], reason: String) throws {
        let (exit, errors) = try Self.refusedStart(arguments)
        #expect(exit == ChildProcess.Exit(status: 2, exited: true), "\(errors)")
        #expect(errors.hasPrefix("navigation-server: invalid value '"), "\(errors)")
        #expect(errors.contains(reason), "\(errors)")
        #expect(errors.filter { $0 == "\n" }.count == 1, "one line: \(errors)")
        #expect(!errors.contains("s3cret-pw"), "a password in a URL is never echoed")
    }

    @Test func aBadBackendListInTheEnvironmentStopsTheStart() throws {
        let (exit, errors) = try Self.refusedStart([], environment: ["NAVIGATION_BACKENDS": "auth.login=http://127.0.0.1:9/a,,x=y"])
        #expect(exit == ChildProcess.Exit(status: 2, exited: true))
        #expect(errors.contains("for NAVIGATION_BACKENDS"), "\(errors)")
        #expect(errors.contains("empty"), "\(errors)")
    }

    @Test func theBackendsOfTheEnvironmentPerformTheEffects() throws {
        let backend = try LoopbackBackend(always: .problem(403, detail: "Signing in is closed today."))
        let server = try LaunchedServer(
            ["--store", "memory", "--effect-wait", "30"],
            environment: ["NAVIGATION_BACKENDS": "payments.charge=http://127.0.0.1:9/charge, auth.login=\(backend.url("/login"))"])
        let client = server.client()
        let session = try client.sessionAtLogin()
        let answered = try client.answer("login", SignIn.payload("ada", "pw"), to: session)
        #expect(answered.topParams?["error"] == "Signing in is closed today.")
        #expect(try backend.awaitRequests(1).first?.idempotencyKey == "\(session.id).e1")
        let (status, log) = try server.stop()
        #expect(status == 0)
        for name in ["auth.login", "payments.charge"] {
            #expect(log.contains { $0.contains("effect backend") && $0.contains(name) }, "the start names each backend: \(log)")
        }
    }
}
