import Foundation
import NavigationAPI
import TestSupport
import Testing

/// openapi.yaml is the contract; these tests keep it, the copy the EmbedFiles
/// plugin compiles into the binary, and the routes the server answers in step.
@Suite("OpenAPI document", .timeLimit(.minutes(10)), .hangGuard)
struct OpenAPIDocumentTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let yamlURL = repositoryRoot.appendingPathComponent("openapi.yaml")

    private func rootYAML() throws -> String {
        try String(contentsOf: Self.yamlURL, encoding: .utf8)
    }

    // MARK: - The compiled-in copy

    /// The EmbedFiles plugin compiles openapi.yaml into the binary at every
    /// build; the served text must be the file, byte for byte.
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
        #expect(documented.count == 25)  // 17 + GET and HEAD of /readyz, /metrics, / and /app/{file}
    }

    @Test func everyDocumentedOperationIsAnsweredByTheServer() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        for operation in try OpenAPIPaths.operations(in: rootYAML()) {
            let path = operation.path.replacingOccurrences(of: "{id}", with: session.id)
                .replacingOccurrences(of: "{file}", with: "main.js")
            let response = try client.request(operation.method, path)
            #expect(response.status != 405, "\(operation.method) \(operation.path)")
            #expect(response.json?["type"] != "urn:navigation-server:problem:not-found", "\(operation.method) \(operation.path)")
        }
    }

    @Test func documentedProblemTypesAreExactlyTheServersOnes() throws {
        let yaml = try rootYAML()
        let prefix = "- urn:navigation-server:problem:"
        let documented = Set(
            yaml.split(separator: "\n").compactMap { line -> String? in
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
                let path = currentPath
            {
                let key = String(line.dropFirst(4).dropLast())
                if methods.contains(key) { operations.append((key.uppercased(), path)) }
            }
        }
        return operations
    }
}
