import FlowFiles
import TestSupport
import Testing

/// Every case of JSON Logic's shared suite (SharedSuiteCases.swift) but
/// those of `?:`, the ternary alias of `if` json-logic-js has, which is not
/// among the operations of flow files: there it is a literal object.
@Suite("JSON Logic's shared test suite", .timeLimit(.minutes(10)), .hangGuard)
struct SharedSuiteTests {
    @Test func everyCaseHolds() throws {
        guard case .array(let entries) = json(sharedSuiteText) else { throw SuiteError.notAnArray }
        var ran = 0
        var skipped = 0
        for entry in entries {
            guard case .array(let parts) = entry else { continue }  // a section title
            try #require(parts.count == 3, "\(entry)")
            if Self.uses("?:", parts[0]) {
                skipped += 1
                continue
            }
            let value = try JSONLogic(parts[0]).evaluate(parts[1])
            #expect(value == parts[2], "\(parts[0]) with \(parts[1])")
            ran += 1
        }
        #expect(ran == 273)
        #expect(skipped == 4)
    }

    @Test func theTernaryAliasIsALiteral() throws {
        #expect(try evaluate(#"{"?:": [true, 1, 2]}"#) == json(#"{"?:": [true, 1, 2]}"#))
    }

    /// Whether `operation` is a key anywhere in `value`.
    private static func uses(_ operation: String, _ value: JSONValue) -> Bool {
        switch value {
        case .array(let elements): elements.contains { uses(operation, $0) }
        case .object(let object): object.contains { $0.key == operation || uses(operation, $0.value) }
        default: false
        }
    }

    private enum SuiteError: Error {
        case notAnArray
    }
}
