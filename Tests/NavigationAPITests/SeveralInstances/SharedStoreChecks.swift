import Coordination
import Foundation
import Sessions
import TestSupport
import Testing

/// Three instances on one shared store, sessions prepared through them and
/// load sent through them all, as each store's several-instance suite
/// starts them (its `UnderLoad`).
protocol InstancesUnderLoad {
    var instances: [LaunchedServer] { get }
    var sessions: [LoadedSession] { get }
    var load: InstanceLoad { get }

    /// A new store on what the instances share, for the checks to read.
    func openStore() throws -> any SessionStore
}

extension InstancesUnderLoad {
    /// Checks the answered events against what the shared store holds,
    /// read through the instances on `ports`
    /// (``InstanceLoad/verify(_:preparedVersion:store:instances:exactly:)``).
    func verify(through ports: [Int], exactly: Bool) throws {
        let store = try openStore()
        defer { store.close() }
        try load.verify(sessions, preparedVersion: SharedStoreChecks.preparedVersion, store: store, instances: ports, exactly: exactly)
    }
}

/// What `navigation-server` instances on one shared store do whichever the
/// store is, checked on Redis (``SeveralInstancesTests``,
/// ``CrossInstanceStreamTests``) and on PostgreSQL
/// (``SeveralPostgresInstancesTests``, ``PostgresServerTests``) alike.
enum SharedStoreChecks {
    /// The clients ``startLoad(on:seed:answers:)`` sends events through.
    static let connections = 64
    /// The version each prepared session is at (created, then one event).
    static let preparedVersion = 2

    /// The sessions ``KillNineTests/prepareSessions(_:)`` makes through the
    /// first of `instances`, and load from ``connections`` clients sending
    /// events to them through every instance (its choices drawn from
    /// `seed`), once `answers` events were answered.
    static func startLoad(on instances: [LaunchedServer], seed: UInt64, answers: Int) throws -> ([LoadedSession], InstanceLoad) {
        let sessions = try KillNineTests.prepareSessions(instances[0].client())
        let load = InstanceLoad(ports: instances.map(\.port))
        load.start(sessions, connections: connections, seed: seed)
        try load.waitForAnswers(answers)
        return (sessions, load)
    }

    /// With no fault, every event is answered 200, and the store holds
    /// exactly what was answered.
    static func everyInstanceServesEverySessionWithNoLostUpdate(_ run: some InstancesUnderLoad) throws {
        let load = run.load
        try load.finish()

        #expect(load.statuses.withLock { $0 }.keys.sorted() == [200], "every event is answered 200: \(load.statuses.withLock { $0 })")
        try run.verify(through: run.instances.map(\.port), exactly: true)
    }

    /// `kill -9` of the third instance under load (taken out of the load
    /// first): the other two answer `answers` more events, and nothing any
    /// instance answered is lost; `only200`: the load met no other status.
    static func killingOneInstanceLosesNothingAnswered(_ run: some InstancesUnderLoad, answers: Int, only200: Bool) throws {
        let (instances, load) = (run.instances, run.load)
        load.ports.withLock { $0.removeAll { $0 == instances[2].port } }
        instances[2].killNow()
        try load.waitForAnswers(answers, "the other instances to carry on")
        try load.finish()

        if only200 {
            #expect(load.statuses.withLock { $0 }.keys.sorted() == [200], "\(load.statuses.withLock { $0 })")
        }
        try run.verify(through: instances.prefix(2).map(\.port), exactly: false)
    }

    /// A GET on the first of two instances sees what the second answered,
    /// and `If-Match` holds across them.
    static func aGetOnOneInstanceSeesWhatAnotherAnsweredAndIfMatchHolds(_ instances: [LaunchedServer]) throws {
        let (first, second) = (instances[0].client(), instances[1].client())
        var session = try first.createSession("exchange")
        try second.apply("select", ["code": "USD"], to: &session)
        let calculator = session.topID
        // The second instance answered version 2; the first one knows it.
        let seen = try first.request("GET", session.path)
        #expect(seen.json?["version"]?.intValue == 2)
        let convert: JSONValue = ["screen": .string(calculator), "event": "convert", "payload": ["amount": 100]]
        let converted = try first.request("POST", session.path + "/events", json: convert, headers: [("If-Match", "\"2\"")])
        #expect(converted.status == 200)
        // The second instance's tree is at version 2: its If-Match 2 no longer holds.
        let stale = try second.request("POST", session.path + "/events", json: convert, headers: [("If-Match", "\"2\"")])
        #expect(stale.status == 412)
        #expect(stale.json?["currentVersion"]?.intValue == 3)
        #expect(try second.request("GET", session.path).body == converted.body)
    }

    /// A stream on the first of two instances, every event accepted by the
    /// second: each version arrives on the stream, in order, then `ended`
    /// when the second instance ends the session.
    static func aStreamOnOneInstanceSeesEveryVersionAnotherInstanceAnswers(_ instances: [LaunchedServer]) throws {
        let (first, second) = (instances[0], instances[1].client())
        var session = try first.client().createSession("app")
        let stream = try EventStreamClient(port: first.port, path: session.path + "/stream")
        #expect(stream.status == 200)
        expectSessionMessage(try stream.nextEvent(), session)
        try expectEveryChangeThenTheEnd(of: &session, sentBy: second, on: stream)
    }

    /// The shared store (`name`) stopped under `run`'s load by `stop`: 50
    /// answers 503 and `/readyz` 503 while it is down; started again by
    /// `start`, `answers` more events answered by themselves, the load
    /// finished, only the answers an outage allows
    /// (``expectOnly200And503(_:)``), `/readyz` 200 again, and nothing
    /// answered lost.
    static func theStoreStoppedAnswers503ThenLosesNothingAnswered(
        _ name: String, under run: some InstancesUnderLoad, answers: Int, stop: () -> Void, start: () throws -> Void
    ) throws {
        let (instances, load) = (run.instances, run.load)
        stop()
        try waitUntil("50 answers 503 while \(name) is down") { load.statuses.withLock { $0[503] ?? 0 } >= 50 }
        let readiness = try instances[1].client().request("GET", "/readyz")
        #expect(readiness.status == 503, "/readyz while \(name) is down")
        try start()
        try load.waitForAnswers(answers, "service to resume by itself")
        try load.finish()

        expectOnly200And503(load)
        #expect(try instances[1].client().request("GET", "/readyz").status == 200)
        try run.verify(through: instances.map(\.port), exactly: false)
    }

    /// What a finished `load` met through an outage of the store: only 200
    /// and 503, never a 500 or a reset; every 503 `store-unavailable` with
    /// `Retry-After`.
    static func expectOnly200And503(_ load: InstanceLoad) {
        let statuses = load.statuses.withLock { $0 }
        #expect(statuses.keys.sorted() == [200, 503], "only 200 and 503, never a 500 or a reset: \(statuses)")
        #expect(load.problemTypes.withLock { $0 } == ["urn:navigation-server:problem:store-unavailable"])
        #expect(load.unavailableWithoutRetryAfter.withLock { $0 } == 0)
    }

    /// A server on `url`, a store that refuses it or is down: it answers a
    /// new session 503 `store-unavailable` with `Retry-After`, and
    /// `/readyz` 503. The server, still running, for its log.
    static func launchOnAnUnavailableStore(_ url: String) throws -> LaunchedServer {
        let server = try LaunchedServer(["--store", url, "--log-level", "debug"])
        let client = server.client()
        let created = try client.request("POST", "/v1/sessions", json: ["flow": "exchange"])
        #expect(created.status == 503)
        #expect(created.json?["type"]?.stringValue == "urn:navigation-server:problem:store-unavailable")
        #expect(created.header("Retry-After") != nil)
        #expect(try client.request("GET", "/readyz").status == 503)
        return server
    }

    /// Runs the binary with a configuration it refuses: its exit status and stderr.
    static func refusedStart(_ arguments: [String], environment: [String: String]) throws -> (Int32, String) {
        let child = try ChildProcess(
            try ServerExecutableTests.requireExecutable(), arguments, environment: environment,
            directory: try LaunchedServer.freshDirectory())
        return (try child.waitForExit().status, child.errorOutput)
    }
}
