import TestSupport
import Testing

@testable import JSON

/// Shared values are copied by the identity of their storage: the same
/// bytes as writing them, and only for the very values given.
@Suite("Shared JSON values", .timeLimit(.minutes(10)), .hangGuard)
struct SharedJSONValuesTests {
    private static let list: JSONValue = [["code": "USD", "rate": 1380.5], ["code": "<&>", "rate": 9.21], "a\u{2028}b"]
    private static let object: JSONValue = ["items": [1, 2, 3], "title": "Rates"]

    private func written(_ value: JSONValue, sharing shared: SharedJSONValues) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value, sharing: shared)
        return writer.bytes
    }

    @Test func writesTheSameBytesAsWriting() {
        let shared = SharedJSONValues([Self.list, Self.object])
        let values: [JSONValue] = [
            Self.list, Self.object, ["items": Self.list, "lastViewed": nil], [Self.object, Self.list, [Self.list]],
            ["other": [1, "two"], "nested": ["deeper": Self.object]], "plain", 7, nil, [], [:],
        ]
        for value in values {
            #expect(written(value, sharing: shared) == value.encoded())
            #expect(written(value, sharing: .none) == value.encoded())
            // Sized from the shared bytes: the length of what is written.
            #expect(value.encodedByteCount(sharing: shared) == value.encoded().count)
            #expect(value.encodedByteCount(sharing: .none) == value.encoded().count)
            if case .object(let object) = value {
                #expect(object.encodedByteCount(sharing: shared) == value.encoded().count)
            }
        }
    }

    @Test func knowsOnlyTheSameStorage() {
        let shared = SharedJSONValues([Self.list, Self.object])
        #expect(shared.encoded(Self.list) == Self.list.encoded())
        #expect(shared.encoded(Self.object) == Self.object.encoded())
        // Equal, but built again: its own storage.
        let rebuilt: JSONValue = [["code": "USD", "rate": 1380.5], ["code": "<&>", "rate": 9.21], "a\u{2028}b"]
        #expect(rebuilt == Self.list)
        #expect(shared.encoded(rebuilt) == nil)
    }

    /// A copy of a shared value changed in place gets storage of its own,
    /// even when the change keeps the count.
    @Test func aChangedCopyIsWrittenAsItIs() {
        let shared = SharedJSONValues([Self.list, Self.object])
        guard var elements = Self.list.arrayValue, var members = Self.object.objectValue else {
            Issue.record("not a list and an object")
            return
        }
        elements[0] = "changed"
        members["title"] = "Changed"
        for changed in [JSONValue.array(elements), .object(members)] {
            #expect(shared.encoded(changed) == nil)
            #expect(written(["items": changed], sharing: shared) == JSONValue.object(["items": changed]).encoded())
        }
        #expect(String(decoding: written(.array(elements), sharing: shared), as: UTF8.self).hasPrefix("[\"changed\","))
    }

    @Test func keepsNoScalarsOrEmptyContainers() {
        let shared = SharedJSONValues(["text", 1, nil, [], [:]])
        #expect(shared.isEmpty)
        #expect(SharedJSONValues.none.isEmpty)
    }
}
