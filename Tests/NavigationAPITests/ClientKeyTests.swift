import HTTPCore
import TestSupport
import Testing

@testable import NavigationAPI

/// Which bucket a request counts against.
@Suite("Client key of the creation rate", .timeLimit(.minutes(10)), .hangGuard)
struct ClientKeyTests {
    private static func request(from address: String, forwardedFor: [String] = []) -> HTTPRequest {
        var headers = HTTPHeaders()
        for value in forwardedFor { headers.add("X-Forwarded-For", value) }
        return HTTPRequest(method: "POST", path: "/v1/sessions", headers: headers, clientAddress: address)
    }

    @Test(arguments: [
        ("192.0.2.1", "192.0.2.1"),
        ("127.0.0.1", "127.0.0.1"),
        // One IPv6 subscriber gets a /64: every address in it is one client.
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
        ("2001:0db8:0001:0002::", "2001:db8:1:2::/64"),
        ("::1", "0:0:0:0::/64"),
        ("::ffff:192.0.2.1", "192.0.2.1"),
    ])
    func theKeyIsTheAddressAndAnIPv6PrefixOf64Bits(address: String, key: String) {
        #expect(ClientKey.of(Self.request(from: address), trustingForwardedFor: false) == key)
    }

    @Test func twoIPv6PrefixesAreTwoClients() {
        let first = ClientKey.of(Self.request(from: "2001:db8:1:2::1"), trustingForwardedFor: false)
        let second = ClientKey.of(Self.request(from: "2001:db8:1:3::1"), trustingForwardedFor: false)
        #expect(first != second)
    }

    /// By default a client cannot pick its bucket with a header.
    @Test func forwardedForIsIgnoredUnlessTrusted() {
        let request = Self.request(from: "10.0.0.9", forwardedFor: ["198.51.100.7"])
        #expect(ClientKey.of(request, trustingForwardedFor: false) == "10.0.0.9")
        #expect(ClientKey.of(request, trustingForwardedFor: true) == "198.51.100.7")
    }

    /// The entry the nearest proxy appended is the last one; what the client
    /// wrote before it is not believed.
    @Test(arguments: [
        (["203.0.113.5, 198.51.100.7"], "198.51.100.7"),
        (["203.0.113.5", "198.51.100.7 "], "198.51.100.7"),
        (["198.51.100.7:4711"], "198.51.100.7"),
        (["[2001:db8:9:9::1]:4711"], "2001:db8:9:9::/64"),
        (["2001:db8:9:9::1"], "2001:db8:9:9::/64"),
        // Not an address: the peer counts.
        (["unknown"], "10.0.0.9"),
        (["198.051.100.7"], "10.0.0.9"),  // a second spelling of one address would be a second bucket
        (["198.51.100.7, "], "10.0.0.9"),
        ([""], "10.0.0.9"),
        ([], "10.0.0.9"),
    ])
    func aTrustedForwardedForCountsItsLastAddress(headers: [String], key: String) {
        #expect(ClientKey.of(Self.request(from: "10.0.0.9", forwardedFor: headers), trustingForwardedFor: true) == key)
    }
}
