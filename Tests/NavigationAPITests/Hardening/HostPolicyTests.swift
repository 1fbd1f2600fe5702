import HTTPCore
import Testing

@testable import NavigationAPI

/// `HostPolicy.admits`, byte by byte, without a server: the API tests in
/// `AllowedHostsTests` send the same names over HTTP.
@Suite("Host policy", .timeLimit(.minutes(10)), .hangGuard)
struct HostPolicyTests {
    @Test func localNamesAndAddressesAreAdmittedWithoutConfiguration() {
        for host in [
            "localhost", "LOCALHOST:8080", "app.localhost", "x.LocalHost:1", "127.0.0.1", "255.255.255.255:80",
            "01.2.3.4", "[::1]", "[fe80::1]:443", "[::1",
        ] {
            #expect(HostPolicy.local.admits(host), "\(host)")
        }
    }

    @Test func otherNamesAndMalformedAddressesAreNot() {
        for host in [
            "", "evil.example", "localhost.evil.example", "localhostx", "xlocalhost", "1.2.3", "1.2.3.4.5",
            "256.1.1.1", "1.2.3.1000", "1..2.3", ".1.2.3", "1.2.3.", "1.2.3.4:80x", "1.2.3.-4",
            "localhost\u{0}", "127.0.0.1.evil.example",
        ] {
            #expect(!HostPolicy.local.admits(host), "\(host)")
        }
    }

    @Test func configuredNamesMatchWithoutCaseAndDomainsMatchTheirNamesAndSubdomains() throws {
        let policy = try #require(HostPolicy("app.example.com, .example.org"))
        for host in ["app.example.com", "APP.Example.COM:443", "example.org", "a.b.EXAMPLE.org", "localhost"] {
            #expect(policy.admits(host), "\(host)")
        }
        for host in [
            "example.com", "www.app.example.com", "badexample.org", "app.example.com.", "app.example.co",
            "app.example.com:x",
        ] {
            #expect(!policy.admits(host), "\(host)")
        }
    }

    /// The Kelvin sign lowercases to `k` in Unicode: compared as bytes, it is not one.
    @Test func onlyASCIILettersCompareWithoutCase() throws {
        let policy = try #require(HostPolicy("kiosk.example"))
        #expect(policy.admits("KIOSK.example"))
        #expect(!policy.admits("\u{212A}iosk.example"))
    }

    /// Read from the request's headers in place, the first `Host` decides
    /// as the same text would, whatever its case or spelling.
    @Test func aRequestsHostHeaderIsReadAsItsText() throws {
        let policy = try #require(HostPolicy("app.example.com, .example.org"))
        for host in ["app.example.com", "APP.Example.COM:443", "evil.example", "localhost", "[::1]", "", "a.example.org"] {
            for candidate in [policy, HostPolicy.local, HostPolicy.any] {
                #expect(candidate.admits(HTTPHeaders([("host", host), ("Host", "evil.example")])) == candidate.admits(host), "\(host)")
            }
        }
        #expect(policy.admits(HTTPHeaders([("X-Other", "evil.example")])))
    }

    @Test func aRequestWithoutHostAndAnyPolicyAreAdmitted() {
        #expect(HostPolicy.local.admits(nil))
        #expect(HostPolicy.any.admits("anything.example"))
    }
}
