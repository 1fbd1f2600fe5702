import TestSupport
import Testing

@testable import NavigationAPI

/// ``HTTPMethod/init(exactly:)`` takes the four methods this API answers,
/// spelled exactly, and nothing else.
@Suite("HTTP methods", .timeLimit(.minutes(10)), .hangGuard)
struct HTTPMethodTests {
    @Test func eachMethodIsItsExactSpelling() {
        for method in HTTPMethod.allCases {
            #expect(HTTPMethod(exactly: method.rawValue) == method)
        }
    }

    @Test(arguments: [
        "", "get", "Get", "GETS", "GE", "post", "HEAd", "PUT", "PATCH", "OPTIONS", "DELETe", "DELETES", "POST ", " GET",
        "HEAD\0", "GET\u{301}",
    ])
    func anyOtherSpellingIsNoMethod(_ name: String) {
        #expect(HTTPMethod(exactly: name) == nil)
    }
}
