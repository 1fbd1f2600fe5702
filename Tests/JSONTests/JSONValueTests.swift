import TestSupport
import Testing

@testable import JSON

@Suite("JSONValue and JSONObject", .timeLimit(.minutes(10)), .hangGuard)
struct JSONValueTests {
    // MARK: - Accessors

    @Test func accessorsReturnOnlyTheirOwnKind() {
        let values: [JSONValue] = [nil, true, 2.5, "text", [1], ["k": 1]]
        #expect(values.map(\.typeName) == ["null", "boolean", "number", "string", "array", "object"])
        #expect(values.map(\.isNull) == [true, false, false, false, false, false])
        #expect(values.compactMap(\.boolValue) == [true])
        #expect(values.compactMap(\.numberValue) == [2.5])
        #expect(values.compactMap(\.stringValue) == ["text"])
        #expect(values.compactMap(\.arrayValue) == [[1]])
        #expect(values.compactMap(\.objectValue) == [["k": 1]])
        #expect(JSONValue.string("1").numberValue == nil)
    }

    @Test func intValueOnlyForIntegralNumbersInRange() {
        #expect(JSONValue.number(2).intValue == 2)
        #expect(JSONValue.number(-7).intValue == -7)
        #expect(JSONValue.number(2.5).intValue == nil)
        #expect(JSONValue.number(1e300).intValue == nil)
        #expect(JSONValue.string("2").intValue == nil)
    }

    /// The keys a body may not have, in its order, each once per member;
    /// none when every key is known, and every key when none is.
    @Test func keysNotInAListAreTheUnknownOnesInOrder() {
        let object: JSONObject = ["screen": "s1", "extra": 1, "event": "go", "Event": true, "é": .null]
        #expect(object.keys(notIn: ["screen", "event", "payload"]) == ["extra", "Event", "é"])
        #expect(object.keys(notIn: ["screen", "extra", "event", "Event", "é"]).isEmpty)
        #expect(object.keys(notIn: []) == ["screen", "extra", "event", "Event", "é"])
        #expect(JSONObject().keys(notIn: ["a"]).isEmpty)
    }

    @Test func keySubscriptDistinguishesMissingFromNull() {
        let value: JSONValue = ["present": nil, "name": "home"]
        #expect(value["present"] == .null)
        #expect(value["missing"] == nil)
        #expect(value["name"]?.stringValue == "home")
        #expect(JSONValue.array(["present"])["present"] == nil)
        #expect(JSONValue.string("present")["present"] == nil)
    }

    @Test func literalsBuildTheExpectedCases() {
        let value: JSONValue = ["a": [1, 2.5, "x", true, nil], "b": [:]]
        let expected = JSONValue.object(
            JSONObject([
                ("a", .array([.number(1), .number(2.5), .string("x"), .bool(true), .null])),
                ("b", .object(JSONObject())),
            ]))
        #expect(value == expected)
    }

    @Test func stringInterpolationBuildsAString() {
        let id = 7
        let value: JSONValue = ["screen": "detail-\(id)"]
        #expect(value["screen"] == .string("detail-7"))
    }

    @Test func descriptionIsCompactJSON() {
        let value: JSONValue = ["route": "home", "depth": 2]
        #expect("\(value)" == #"{"route":"home","depth":2}"#)
    }

    // MARK: - JSONObject order and mutation

    @Test func objectKeepsInsertionOrder() {
        var object: JSONObject = ["z": 1, "a": 2, "m": 3]
        object["b"] = 4
        #expect(object.keys == ["z", "a", "m", "b"])
        #expect(object.values == [1, 2, 3, 4])
        #expect(object.map(\.key) == ["z", "a", "m", "b"])
        #expect(object.count == 4)
        #expect(!object.isEmpty)
    }

    @Test func settingAnExistingKeyReplacesInPlace() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = "two"
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["b"] == "two")
    }

    @Test func settingNilRemovesAndKeepsTheRestInOrder() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = nil
        object["missing"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object["b"] == nil)
        object["a"] = nil
        object["c"] = nil
        #expect(object.isEmpty)
    }

    @Test func settingNullStoresNullRatherThanRemoving() {
        var object = JSONObject()
        object["a"] = .null
        #expect(object.keys == ["a"])
        #expect(object["a"] == .null)
    }

    @Test func initWithDuplicatesKeepsFirstPositionAndLastValue() {
        let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
        let literal: JSONObject = ["x": 1, "y": 2, "x": 9]
        #expect(literal.keys == ["x", "y"])
        #expect(literal["x"] == 9)
    }

    @Test func initWithManyDuplicatesUsesTheSameRule() {
        var members: [(String, JSONValue)] = (0..<40).map { ("k\($0)", .number(Double($0))) }
        members.append(("k3", "late"))
        let object = JSONObject(members)
        #expect(object.count == 40)
        #expect(object.keys[3] == "k3")
        #expect(object["k3"] == "late")
        #expect(object["k39"] == 39)
    }

    @Test func collectionIndexingGivesMembersInOrder() {
        let object: JSONObject = ["first": 1, "second": 2]
        #expect(object[0].key == "first")
        #expect(object[1].value == 2)
        #expect(object.first?.key == "first")
        #expect(Array(object.indices) == [0, 1])
    }

    // MARK: - Equality and hashing

    @Test func objectEqualityIgnoresOrder() {
        let a: JSONObject = ["x": 1, "y": [true, nil], "z": "s"]
        let b: JSONObject = ["z": "s", "x": 1, "y": [true, nil]]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set<JSONValue>([.object(a), .object(b)]).count == 1)
    }

    @Test func objectEqualityNoticesDifferences() {
        let base: JSONObject = ["x": 1, "y": 2]
        #expect(base != ["x": 1, "y": 3])
        #expect(base != ["x": 1])
        #expect(base != ["x": 1, "y": 2, "z": 3])
        #expect(base != ["x": 1, "w": 2])
        #expect(base != ["y": 1, "x": 2])
    }

    @Test func largeObjectEqualityIgnoresOrder() {
        let members: [(String, JSONValue)] = (0..<50).map { ("key\($0)", .number(Double($0))) }
        let forward = JSONObject(members)
        let backward = JSONObject(members.reversed())
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        var changed = backward
        changed["key7"] = "changed"
        #expect(forward != changed)
    }

    @Test func arraysAreOrderSensitive() {
        #expect(JSONValue.array([1, 2]) != JSONValue.array([2, 1]))
    }

    @Test func negativeZeroEqualsZero() {
        #expect(JSONValue.number(-0.0) == JSONValue.number(0))
        #expect(JSONValue.number(-0.0).hashValue == JSONValue.number(0).hashValue)
    }
}
