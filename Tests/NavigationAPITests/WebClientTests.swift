import Foundation
import TestSupport
import Testing

/// The browser client's static files: served from the copy compiled into the
/// binary, with the headers a browser needs to cache them safely and to run
/// nothing but them.
@Suite("Web client files", .timeLimit(.minutes(10)), .hangGuard)
struct WebClientTests {
    static let webRoot = OpenAPIDocumentTests.repositoryRoot.appendingPathComponent("web")
    static let policy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// Every file of web/, by its name there.
    private func webFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.webRoot.path)
            .filter { !$0.hasPrefix(".") }
            .sorted()
    }

    private func fileBytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Self.webRoot.appendingPathComponent(name)))
    }

    // MARK: - What is served

    @Test func rootServesIndexHTMLWithAStrictPolicy() throws {
        let server = try TestServer()
        let response = try server.client().request("GET", "/")
        #expect(response.status == 200)
        #expect(response.body == (try fileBytes("index.html")))
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-cache")
        #expect(response.header("Content-Security-Policy") == Self.policy)
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Referrer-Policy") == "no-referrer")
    }

    @Test func everyFileOfTheWebFolderIsServedByteForByte() throws {
        let server = try TestServer()
        let client = server.client()
        let names = try webFiles()
        #expect(names.contains("main.js") && names.contains("client.css"))
        for name in names where name != "index.html" {
            let response = try client.request("GET", "/app/" + name)
            #expect(response.status == 200, "\(name)")
            let servedIsTheFile = response.body == (try fileBytes(name))
            #expect(servedIsTheFile, "GET /app/\(name) differs from web/\(name)")
            #expect(response.header("X-Content-Type-Options") == "nosniff", "\(name)")
            #expect(response.header("Cache-Control") == "no-cache", "\(name)")
        }
    }

    @Test(arguments: [
        ("main.js", "text/javascript; charset=utf-8"),
        ("stack-view.js", "text/javascript; charset=utf-8"),
        ("client.css", "text/css; charset=utf-8"),
        ("icon.svg", "image/svg+xml"),
    ])
    func contentTypeFollowsTheExtension(name: String, type: String) throws {
        let server = try TestServer()
        #expect(try server.client().request("GET", "/app/" + name).header("Content-Type") == type)
    }

    /// Everything the page loads comes from this server: no inline script or
    /// style the policy would block, no other origin.
    @Test func indexLoadsOnlyItsOwnFilesAndNothingInline() throws {
        let html = String(decoding: try fileBytes("index.html"), as: UTF8.self)
        #expect(!html.contains("<script>") && !html.contains("style=") && !html.contains("<style"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(html.contains("<script type=\"module\" src=\"/app/main.js\"></script>"))
    }

    // MARK: - Caching

    @Test func aMatchingETagIsNotModified() throws {
        let server = try TestServer()
        let client = server.client()
        for path in ["/", "/app/main.js"] {
            let first = try client.request("GET", path)
            let etag = try #require(first.header("ETag"))
            #expect(etag.count == 18 && etag.hasPrefix("\"") && etag.hasSuffix("\""), "\(etag)")
            let again = try client.request("GET", path, headers: [("If-None-Match", etag)])
            #expect(again.status == 304, "\(path)")
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == etag)
            let weak = try client.request("GET", path, headers: [("If-None-Match", "\"other\", W/\(etag)")])
            #expect(weak.status == 304, "\(path)")
            let other = try client.request("GET", path, headers: [("If-None-Match", "\"0000000000000000\"")])
            #expect(other.status == 200, "\(path)")
        }
    }

    @Test func filesHaveDistinctETags() throws {
        let server = try TestServer()
        let client = server.client()
        let tags = try ["/", "/app/main.js", "/app/client.css", "/app/api.js"].map { try client.request("GET", $0).header("ETag") }
        #expect(Set(tags).count == 4)
    }

    // MARK: - Refusals

    @Test func headAnswersLikeGet() throws {
        let server = try TestServer()
        let client = server.client()
        for path in ["/", "/app/main.js"] {
            let get = try client.request("GET", path)
            let head = try client.request("HEAD", path)
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == String(get.body.count))
            #expect(head.header("Content-Security-Policy") == Self.policy)
        }
    }

    @Test func anUnknownFileIsAProblem() throws {
        let server = try TestServer()
        let response = try server.client().request("GET", "/app/nope.js")
        expectProblem(response, 404, "not-found")
    }
}
