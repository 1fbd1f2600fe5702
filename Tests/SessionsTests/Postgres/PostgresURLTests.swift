import PostgresStore
import Testing

/// libpq's own URIs, read by libpq's parser: what is accepted, and what a
/// log may show of them (never the password).
@Suite("PostgresURL", .timeLimit(.minutes(10)), .hangGuard)
struct PostgresURLTests {
    @Test func bothSchemesAndLibpqsSettingsAreAccepted() throws {
        let url = try #require(
            PostgresURL("postgresql://app:s3cret@db1:5433,db2:5434/journals?target_session_attrs=read-write&sslmode=require"))
        #expect(url.setting("host") == "db1,db2")
        #expect(url.setting("port") == "5433,5434")
        #expect(url.setting("dbname") == "journals")
        #expect(url.setting("target_session_attrs") == "read-write")
        #expect(url.setting("password") == nil)
        #expect(url.hasPassword)
        #expect(PostgresURL("postgres://localhost/db")?.setting("host") == "localhost")
    }

    @Test func theDescriptionMasksThePassword() throws {
        let url = try #require(PostgresURL("postgresql://app:s3cret@db1:5433,db2:5434/journals?sslmode=require&sslpassword=k3y"))
        #expect(url.description == "postgresql://app:***@db1:5433,db2:5434/journals?sslmode=require")
        let inQuery = try #require(PostgresURL("postgresql://db/journals?user=app&password=s3cret"))
        #expect(inQuery.description == "postgresql://app:***@db/journals")
        #expect(PostgresURL("postgresql:///journals")?.description == "postgresql:///journals")
    }

    @Test func otherSchemesAndWhatLibpqRefusesAreNotURLs() {
        for text in ["redis://localhost", "file:./data", "host=db dbname=x", "postgresql://db/x?nosuchsetting=1", "postgresql://[::1/x"] {
            #expect(PostgresURL(text) == nil, "\(text)")
        }
    }
}
