import Foundation
import TestSupport
import Testing

/// `--store postgres://…` as an operator meets it: the password never in a
/// log line, however the URI is given or mistyped; a database that is down
/// answers 503 and `/readyz` 503 without stopping the server; a schema
/// newer than the binary's stops the start with what to do.
@Suite("navigation-server on PostgreSQL", .timeLimit(.minutes(10)), .hangGuard)
struct PostgresServerTests {
    @Test func aPostgresPasswordIsNeverLogged() throws {
        let cluster = try PostgresTestCluster.shared()
        let secret = "s3cret-\(UUID().uuidString.prefix(6))"
        // The right user, a wrong password: every connection is refused.
        let refused = try cluster.createDatabase(password: secret)
        let server = try SharedStoreChecks.launchOnAnUnavailableStore(refused)
        #expect(!(try server.client().request("GET", "/metrics").body.contains(Array(secret.utf8))))
        let (status, log) = try server.stop()
        #expect(status == 0)
        #expect(log.contains { $0.contains("postgresql://navigation:***@127.0.0.1:\(cluster.port)/") }, "the store is named, masked")
        #expect(!log.contains { $0.contains(secret) })

        // A URI libpq refuses is echoed with its password masked, in the user part or the query.
        for text in [
            "postgresql://navigation:\(secret)@127.0.0.1/x?nosuchsetting=1",
            "postgres://127.0.0.1/x?password=\(secret)&nosuchsetting=1",
        ] {
            for (arguments, environment) in [(["--store", text], [:]), ([], ["NAVIGATION_STORE": text])] {
                let (status, errors) = try SharedStoreChecks.refusedStart(arguments, environment: environment)
                #expect(status == 2)
                #expect(!errors.contains(secret), "\(errors)")
                #expect(errors.contains("***"), "\(errors)")
            }
        }
    }

    @Test func aServerStartsWhileTheDatabaseIsDownAndServesOnceItIsUp() throws {
        let cluster = try PostgresTestCluster()
        let url = try cluster.createDatabase()
        cluster.stop()
        let server = try LaunchedServer(["--store", url])
        let client = server.client()
        #expect(try client.request("GET", "/readyz").status == 503)
        try cluster.start()
        try waitUntil("/readyz to answer 200 once PostgreSQL is up") { try client.request("GET", "/readyz").status == 200 }
        let created = try client.request("POST", "/v1/sessions", json: ["flow": "exchange"])
        #expect(created.status == 201)
    }

    @Test func aNewerSchemaStopsTheStartWithWhatToDo() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        _ = try cluster.psql(
            "CREATE TABLE navigation_schema (singleton boolean PRIMARY KEY DEFAULT true, version integer NOT NULL); INSERT INTO navigation_schema (version) VALUES (9)",
            database: String(url.split(separator: "/").last ?? ""))
        let (status, errors) = try SharedStoreChecks.refusedStart(["--store", url], environment: [:])
        #expect(status == 1)
        #expect(errors.contains("schema version 9") || errors.contains("format 9"), "\(errors)")
        #expect(errors.contains("use a newer navigation-server"), "\(errors)")
        #expect(!errors.contains(cluster.password))
    }

}
