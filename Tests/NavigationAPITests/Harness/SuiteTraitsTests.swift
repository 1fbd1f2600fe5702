import Foundation
import TestSupport
import Testing

/// Every suite of the package has a time limit and the hang guard, so that
/// no test can hang `make test` (README, Hardening). It reads the test
/// sources of this file's checkout.
@Suite("Suite traits", .timeLimit(.minutes(10)), .hangGuard)
struct SuiteTraitsTests {
    /// Tests/, from this file's path: Tests/NavigationAPITests/Harness/SuiteTraitsTests.swift.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each test source outside TestSupport, with its text.
    static func testSources() throws -> [(name: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: testsDirectory.path))
        var sources: [(String, String)] = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift"), !path.hasPrefix("TestSupport/") else { continue }
            sources.append((path, try String(contentsOf: testsDirectory.appendingPathComponent(path), encoding: .utf8)))
        }
        return sources
    }

    /// The `@Suite` attributes of `text`, arguments included.
    static func suiteAttributes(in text: String) -> [String] {
        var attributes: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "@Suite") {
            var end = start.upperBound
            if end < rest.endIndex, rest[end] == "(" {
                var depth = 0
                while end < rest.endIndex {
                    if rest[end] == "(" { depth += 1 }
                    if rest[end] == ")" { depth -= 1 }
                    end = rest.index(after: end)
                    if depth == 0 { break }
                }
            }
            attributes.append(String(rest[start.lowerBound..<end]))
            rest = rest[end...]
        }
        return attributes
    }

    @Test func everySuiteHasATimeLimitAndTheHangGuard() throws {
        let sources = try Self.testSources()
        try #require(sources.count > 100, "found only \(sources.count) test sources under \(Self.testsDirectory.path)")
        var suites = 0
        for (name, text) in sources {
            let attributes = Self.suiteAttributes(in: text)
            // This file names the attribute in its code; its own suite is checked like the others.
            let declared = attributes.filter { $0 != "@Suite" || name != "NavigationAPITests/Harness/SuiteTraitsTests.swift" }
            if text.contains("@Test") { #expect(!declared.isEmpty, "\(name) has tests outside a @Suite") }
            for attribute in declared {
                suites += 1
                #expect(attribute.contains(".timeLimit(.minutes("), "\(name): \(attribute) has no time limit")
                #expect(attribute.contains(".hangGuard"), "\(name): \(attribute) has no hang guard")
            }
        }
        #expect(suites > 100)
    }

    @Test func theScanFindsAttributesWithAndWithoutArguments() {
        let text = """
            @Suite struct A {}
            @Suite("B", .serialized, .timeLimit(.minutes(3)), .hangGuard) struct B {}
            """
        #expect(Self.suiteAttributes(in: text) == ["@Suite", #"@Suite("B", .serialized, .timeLimit(.minutes(3)), .hangGuard)"#])
    }
}
