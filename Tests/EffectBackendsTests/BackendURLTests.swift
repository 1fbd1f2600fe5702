import EffectBackends
import TestSupport
import Testing

/// `--backend NAME=URL` values and the `NAVIGATION_BACKENDS` list: what is
/// accepted, and the message for what is not.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct BackendURLTests {
    // MARK: - URLs

    @Test(arguments: [
        ("http://127.0.0.1:9000/login", "http://127.0.0.1:9000/login", "127.0.0.1"),
        ("HTTPS://Auth.Example.com/v1/login?tenant=a", "https://Auth.Example.com/v1/login?tenant=a", "Auth.Example.com"),
        ("http://localhost:8081", "http://localhost:8081/", "localhost"),
        ("http://[::1]:9000/pay", "http://[::1]:9000/pay", "::1"),
    ])
    func anAbsoluteHTTPURLIsAccepted(text: String, normalized: String, host: String) throws {
        let url = try BackendURL(text)
        #expect(url.absoluteString == normalized)
        #expect(url.host == host)
        #expect(url.scheme == (text.lowercased().hasPrefix("https") ? "https" : "http"))
        #expect(url.description == normalized)
    }

    @Test(arguments: [
        ("ftp://files.example.com/x", "must start with http:// or https://"),
        ("file:///etc/passwd", "must start with http:// or https://"),
        ("gopher://127.0.0.1:70/", "must start with http:// or https://"),
        ("/login", "must start with http:// or https://"),
        ("127.0.0.1:9000/login", "must start with http:// or https://"),
        ("http://", "is not an absolute URL"),
        ("http://user:secret@auth.example.com/", "holds a user name or password, which would appear in logs"),
        ("http://auth.example.com/login#top", "has a fragment (#…), which is never sent"),
        ("http://auth.example.com/log in", "holds a space or a control character (percent-encode them)"),
        ("http://auth.example.com/\r\nX: y", "holds a space or a control character (percent-encode them)"),
        ("http://auth.example.com:99999/", "is not an absolute URL"),
        ("", "is empty"),
    ])
    func anythingElseIsRefusedWithItsReason(text: String, reason: String) {
        #expect {
            _ = try BackendURL(text)
        } throws: { error in
            guard case .invalidURL(let url, let given) = error as? BackendConfigurationError else { return false }
            return url == text && given.hasPrefix(reason)
        }
    }

    @Test func aURLOverTheLengthLimitIsRefused() throws {
        let base = "http://h/"
        _ = try BackendURL(base + String(repeating: "a", count: BackendURL.maxLength - base.utf8.count))
        #expect(
            throws: BackendConfigurationError.invalidURL(
                url: base + String(repeating: "a", count: BackendURL.maxLength), reason: "is longer than 2048 bytes")
        ) {
            _ = try BackendURL(base + String(repeating: "a", count: BackendURL.maxLength))
        }
    }

    // MARK: - NAME=URL

    @Test func aFlagValueIsANameAndAURL() throws {
        let route = try BackendRoute(parsing: "auth.login=http://127.0.0.1:9000/login?v=2&x=y")
        #expect(route.name == "auth.login")
        #expect(route.url.absoluteString == "http://127.0.0.1:9000/login?v=2&x=y")
    }

    @Test(arguments: [
        ("auth.login", BackendConfigurationError.missingEquals(entry: "auth.login")),
        ("=http://h/", .invalidName(name: "", reason: "is empty")),
        ("1auth=http://h/", .invalidName(name: "1auth", reason: "must start with a letter")),
        ("auth login=http://h/", .invalidName(name: "auth login", reason: "may hold only letters, digits, '.', '-' and '_'")),
        ("auth/login=http://h/", .invalidName(name: "auth/login", reason: "may hold only letters, digits, '.', '-' and '_'")),
        ("authé=http://h/", .invalidName(name: "authé", reason: "may hold only letters, digits, '.', '-' and '_'")),
        ("auth.login=", .invalidURL(url: "", reason: "is empty")),
        ("auth.login=ftp://h/", .invalidURL(url: "ftp://h/", reason: "must start with http:// or https://")),
    ])
    func aBadFlagValueSaysWhatIsWrong(value: String, error: BackendConfigurationError) {
        #expect(throws: error) { _ = try BackendRoute(parsing: value) }
    }

    @Test func namesMayUseLettersDigitsDotsDashesAndUnderscores() throws {
        for name in ["a", "auth.login", "payments-v2.charge_now", String(repeating: "n", count: BackendRoute.maxNameLength)] {
            try BackendRoute.validateName(name)
        }
        #expect(
            throws: BackendConfigurationError.invalidName(name: String(repeating: "n", count: 129), reason: "is longer than 128 characters")
        ) {
            try BackendRoute.validateName(String(repeating: "n", count: 129))
        }
    }

    @Test func messagesNameWhatWasWrongOnOneLine() {
        #expect(
            BackendConfigurationError.missingEquals(entry: "auth.login").description
                == "'auth.login' is not NAME=URL (for example auth.login=http://127.0.0.1:9000/login)")
        #expect(
            BackendConfigurationError.invalidURL(url: "ftp://h/\n", reason: "must start with http:// or https://").description
                == "the backend URL 'ftp://h/?' must start with http:// or https://")
        #expect(BackendConfigurationError.duplicateName("a").description == "the effect name 'a' is given more than once")
        let long = BackendConfigurationError.invalidName(name: String(repeating: "x", count: 500), reason: "is longer than 128 characters")
        #expect(long.description == "the effect name '\(String(repeating: "x", count: 100))…' is longer than 128 characters")
    }

    // MARK: - Lists and flags

    @Test func theEnvironmentListHoldsEntriesSeparatedByCommas() throws {
        let routes = try BackendRoutes.parseList(" auth.login=http://127.0.0.1:9000/login , payments.charge=https://pay.example.com/charge")
        #expect(routes.map(\.name) == ["auth.login", "payments.charge"])
        #expect(routes.map(\.url.absoluteString) == ["http://127.0.0.1:9000/login", "https://pay.example.com/charge"])
        #expect(try BackendRoutes.parseList("") == [])
        #expect(try BackendRoutes.parseList("  ") == [])
    }

    @Test func aBadListSaysWhatIsWrong() {
        #expect(throws: BackendConfigurationError.emptyEntry) { _ = try BackendRoutes.parseList("a=http://h/,,b=http://h/") }
        #expect(throws: BackendConfigurationError.emptyEntry) { _ = try BackendRoutes.parseList("a=http://h/,") }
        #expect(throws: BackendConfigurationError.duplicateName("a")) { _ = try BackendRoutes.parseList("a=http://h/1,a=http://h/2") }
        #expect(throws: BackendConfigurationError.missingEquals(entry: "b")) { _ = try BackendRoutes.parseList("a=http://h/?x=1,b") }
    }

    @Test func aFlagOverridesTheEnvironmentForItsName() throws {
        let routes = try BackendRoutes(
            flagValues: ["auth.login=http://127.0.0.1:7000/login"],
            environmentValue: "auth.login=http://127.0.0.1:9000/login,payments.charge=http://127.0.0.1:9001/charge")
        #expect(routes["auth.login"]?.absoluteString == "http://127.0.0.1:7000/login")
        #expect(routes["payments.charge"]?.absoluteString == "http://127.0.0.1:9001/charge")
        #expect(routes["inbox.list"] == nil)
        #expect(try BackendRoutes().urls.isEmpty)
        #expect(throws: BackendConfigurationError.duplicateName("a")) {
            _ = try BackendRoutes(flagValues: ["a=http://h/1", "a=http://h/2"])
        }
    }
}
