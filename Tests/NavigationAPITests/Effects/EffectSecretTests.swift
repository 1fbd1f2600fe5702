import Coordination
import Foundation
import TestSupport
import Testing

/// docs/writing-flows.md#secret-fields: a field declared secret (the login's
/// password) goes to the backend that needs it and nowhere else: not the
/// journal on disk, not a log line, not the events listing or the history.
@Suite("Effects: secret fields", .timeLimit(.minutes(10)), .hangGuard)
struct EffectSecretTests {
    @Test func aPasswordReachesTheBackendAndNoFileLogOrListing() throws {
        let password = "pw-\(UUID().uuidString)"
        let username = "user-\(UUID().uuidString)"
        let backend = try LoopbackBackend { request in
            request.json?["password"]?.stringValue == password ? SignIn.accepted(as: username) : .problem(401, detail: "No.")
        }
        let data = try LaunchedServer.freshDirectory().path
        let server = try LaunchedServer([
            "--store", "file:" + data, "--log-level", "debug", "--effect-wait", "30", "--backend",
            "auth.login=" + backend.url("/login"),
        ])
        let client = server.client()
        let session = try client.sessionAtLogin()
        // A wrong password first, then the right one: both are secret.
        let refused = try client.answer("login", SignIn.payload(username, "wrong-\(password)"), to: session)
        #expect(refused.topParams?["error"] == "No.")
        let answered = try client.answer("login", SignIn.payload(username, password), to: refused)
        #expect(answered.stackNames == ["home"])
        #expect(backend.requests.map { $0.json?["password"]?.stringValue } == ["wrong-\(password)", password])

        let events = try client.request("GET", session.path + "/events").text
        #expect(!events.contains(password))
        #expect(events.contains(#""password":"[secret]""#), "\(events)")
        #expect(!(try client.request("GET", session.path + "/history").text.contains(password)))
        #expect(!(try client.request("GET", session.path).text.contains(password)))
        let (status, log) = try server.stop()
        #expect(status == 0)

        #expect(!log.joined(separator: "\n").contains(password), "stderr")
        #expect(!server.child.output.contains(password), "stdout")
        // The journal is readable as bytes: the username is there, the password is not.
        let files = try Self.files(under: data)
        #expect(!files.isEmpty)
        #expect(files.contains { Self.bytes($0, contain: username) }, "the journal keeps what is not secret")
        for file in files {
            #expect(!Self.bytes(file, contain: password), "\(file) holds the password")
        }
    }

    /// Every regular file under `directory`, at any depth.
    static func files(under directory: String) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: directory))
        return enumerator.compactMap { $0 as? String }.map { directory + "/" + $0 }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    static func bytes(_ path: String, contain text: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.range(of: Data(text.utf8)) != nil
    }
}
