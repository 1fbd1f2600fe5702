import Foundation
import NavigationAPI
import Testing

/// openapi.yaml is the contract; these tests keep it, the copy compiled into
/// the binary, and the routes the server answers in step.
@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let yamlURL = repositoryRoot.appendingPathComponent("openapi.yaml")
    static let embeddedURL = repositoryRoot.appendingPathComponent(
        "Sources/NavigationAPI/OpenAPI/OpenAPIDocument+Embedded.swift")

    private func rootYAML() throws -> String {
        try String(contentsOf: Self.yamlURL, encoding: .utf8)
    }

    // MARK: - The embedded copy

    /// Fails while the compiled-in copy differs from openapi.yaml. With
    /// `NAVIGATION_REGENERATE_OPENAPI=1` it rewrites the copy first; build and
    /// run again to see it pass.
    @Test func embeddedCopyIsTheRepositoryFile() throws {
        let yaml = try rootYAML()
        if OpenAPIDocument.text != yaml, ProcessInfo.processInfo.environment["NAVIGATION_REGENERATE_OPENAPI"] == "1" {
            try Self.embeddedSource(for: yaml).write(to: Self.embeddedURL, atomically: true, encoding: .utf8)
        }
        let embeddedIsCurrent = Array(OpenAPIDocument.text.utf8) == Array(yaml.utf8)
        #expect(
            embeddedIsCurrent,
            """
            Sources/NavigationAPI/OpenAPI/OpenAPIDocument+Embedded.swift is out of date; run
            NAVIGATION_REGENERATE_OPENAPI=1 swift test --scratch-path .build-api --filter NavigationAPITests.OpenAPIDocumentTests
            """)
    }

    /// The generated Swift file: the YAML as a raw multi-line string literal.
    static func embeddedSource(for yaml: String) throws -> String {
        try #require(!yaml.contains("\"\"\"#") && !yaml.contains("\\#"), "openapi.yaml cannot be embedded verbatim")
        return """
            // Generated from the repository's openapi.yaml; do not edit. Edit openapi.yaml,
            // then regenerate with:
            //   NAVIGATION_REGENERATE_OPENAPI=1 swift test --scratch-path .build-api --filter NavigationAPITests.OpenAPIDocumentTests
            // A test fails while this copy and openapi.yaml differ.
            extension OpenAPIDocument {
                static let embeddedText = #\"\"\"

            """ + yaml + "\n\"\"\"#\n}\n"
    }

    @Test func serverServesTheRepositoryFileByteForByte() throws {
        let server = try TestServer()
        let response = try server.client().request("GET", "/openapi.yaml")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/yaml")
        let servedIsTheFile = response.body == Array(try rootYAML().utf8)
        #expect(servedIsTheFile, "GET /openapi.yaml differs from openapi.yaml")
    }

    // MARK: - Routes

    @Test func documentedOperationsAreExactlyTheRoutedOnes() throws {
        let documented = Set(try OpenAPIPaths.operations(in: rootYAML()).map { "\($0.method) \($0.path)" })
        let routed = Set(NavigationAPI.operations.map { "\($0.method) \($0.path)" })
        #expect(documented == routed)
        #expect(documented.count == 17)  // 13 + GET and HEAD of /readyz and /metrics
    }

    @Test func everyDocumentedOperationIsAnsweredByTheServer() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        for operation in try OpenAPIPaths.operations(in: rootYAML()) {
            let path = operation.path.replacingOccurrences(of: "{id}", with: session.id)
            let response = try client.request(operation.method, path)
            #expect(response.status != 405, "\(operation.method) \(operation.path)")
            #expect(response.json?["type"] != "urn:navigation-server:problem:not-found", "\(operation.method) \(operation.path)")
        }
    }

    @Test func documentedProblemTypesAreExactlyTheServersOnes() throws {
        let yaml = try rootYAML()
        let prefix = "- urn:navigation-server:problem:"
        let documented = Set(yaml.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix(prefix) ? String(trimmed.dropFirst(2)) : nil
        })
        #expect(documented == Set(ProblemType.allCases.map(\.uri)))
    }
}

/// A line-based reading of the `paths:` section of openapi.yaml: path keys
/// at two spaces, method keys at four. Enough for the file we write.
enum OpenAPIPaths {
    static let methods = ["get", "head", "post", "put", "patch", "delete", "options", "trace"]

    static func operations(in yaml: String) throws -> [(method: String, path: String)] {
        var operations: [(method: String, path: String)] = []
        var inPaths = false
        var currentPath: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") && !line.isEmpty {
                inPaths = line == "paths:"
                currentPath = nil
                continue
            }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), !line.hasPrefix("   "), line.hasSuffix(":") {
                currentPath = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"),
                      let path = currentPath {
                let key = String(line.dropFirst(4).dropLast())
                if methods.contains(key) { operations.append((key.uppercased(), path)) }
            }
        }
        return operations
    }
}
