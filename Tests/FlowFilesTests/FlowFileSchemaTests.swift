import FlowFiles
import TestSupport
import Testing

/// ``FlowFile/schema`` says what the reader says. Each part of a file is
/// given a member no part has, and a part with no members at all: the
/// reader's problems name the members it knows and the ones it requires,
/// which must be the schema's for that part. Its lists of actions, roles,
/// field types and reserved events are the reader's too, so a member or a
/// value added to one and not the other fails here.
@Suite("Flow files: the JSON Schema agrees with the reader", .timeLimit(.minutes(10)), .hangGuard)
struct FlowFileSchemaTests {
    static let schema: JSONValue = (try? JSONParser.parse(FlowFile.schema)) ?? .null

    /// The part of the schema named `name` in its `$defs`; the root for "".
    static func part(_ name: String) -> JSONObject {
        let part = name.isEmpty ? schema : schema.objectValue?["$defs"]?.objectValue?[name]
        return part?.objectValue ?? JSONObject()
    }

    /// The member names of a list of strings in the schema (`required`, an `enum`).
    static func strings(_ value: JSONValue?) -> Set<String> {
        Set((value?.arrayValue ?? []).compactMap(\.stringValue))
    }

    /// Where each part of a file sits in the documents below, and which part of the schema it is.
    static let parts: [(pointer: String, part: String)] = [
        ("", ""), ("/context/c", "contextField"), ("/coordinators/Main", "coordinator"),
        ("/coordinators/Main/screens/s", "screen"), ("/coordinators/Main/screens/s/events/e", "event"),
        ("/coordinators/Main/screens/s/events/e/fields/a", "field"),
        ("/coordinators/Main/screens/s/events/e/fields/b/choices", "choices"), ("/links/0", "link"),
    ]

    /// An action of each kind, by the part of the schema that says it, in a
    /// coordinator's `start` (``startActions``) or in an event's `do` (``eventActions``).
    static let startActions: [(action: JSONValue, part: String)] = [
        (["setRoot": "s"], "setRoot"), (["push": "s"], "push"), (["present": "s"], "present"), (["pop": true], "pop"),
        (["popToRoot": true], "popToRoot"), (["dismiss": true], "dismiss"), (["set": ["store.a": 1]], "set"),
        (["startChild": "Main"], "startChild"), (["finish": 1], "finish"), (["perform": "e"], "perform"), (["if": true], "if"),
        (["call": "c"], "call"),
    ]
    static let eventActions: [(action: JSONValue, part: String)] = [(["if": true], "ifInEvent"), (["reject": "no"], "reject")]

    /// A file with every part and every action, each with only the members
    /// it needs to hold the parts inside it.
    static var everyPart: JSONValue {
        let fields: JSONValue = ["a": ["type": "string"], "b": ["type": "string", "choices": ["from": "params.x"]]]
        let event: JSONValue = ["fields": fields, "do": .array(eventActions.map(\.action))]
        return [
            "flow": "f", "version": 1, "root": "Main", "context": ["c": ["type": "string"]],
            "coordinators": [
                "Main": ["start": .array(startActions.map(\.action)), "screens": ["s": ["events": ["e": event]]], "calls": ["c": []]]
            ],
            "links": [["pattern": "/a", "coordinator": "Main"]],
        ]
    }

    /// `value` with the object at `pointer` (`/a/0/b`) changed by `change`.
    static func changing(_ value: JSONValue, at pointer: String, _ change: (JSONObject) -> JSONObject) -> JSONValue {
        func changing(_ value: JSONValue, _ tokens: ArraySlice<Substring>) -> JSONValue {
            guard let token = tokens.first else { return .object(change(value.objectValue ?? JSONObject())) }
            if let elements = value.arrayValue, let index = Int(token), elements.indices.contains(index) {
                var changed = elements
                changed[index] = changing(elements[index], tokens.dropFirst())
                return .array(changed)
            }
            let members = (value.objectValue ?? JSONObject()).map { member in
                (member.key, member.key == token ? changing(member.value, tokens.dropFirst()) : member.value)
            }
            return .object(JSONObject(members))
        }
        return changing(value, pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
    }

    /// The object at `pointer` in `file` (empty when there is none).
    static func object(at pointer: String, in file: JSONValue) -> JSONObject {
        let found = pointer.split(separator: "/").reduce(Optional(file)) { value, token in
            if let elements = value?.arrayValue, let index = Int(token) { return elements.indices.contains(index) ? elements[index] : nil }
            return value?.objectValue?[String(token)]
        }
        return found?.objectValue ?? JSONObject()
    }

    /// The reader's problems with `file`, as pointer and message.
    static func problems(_ file: JSONValue) -> [(pointer: String, message: String)] {
        var writer = JSONWriter()
        writer.write(file)
        do {
            _ = try FlowFile.definition(of: writer.bytes, file: "schema.json")
            return []
        } catch {
            return error.problems.map { ("\($0.pointer)", $0.message) }
        }
    }

    /// The names after `marker` in a problem's message: `…; known: a, b`.
    static func names(after marker: String, in message: String) -> Set<String>? {
        guard let range = message.range(of: marker) else { return nil }
        return Set(message[range.upperBound...].split(separator: ", ").map(String.init))
    }

    static var actionPointers: [(pointer: String, part: String)] {
        startActions.enumerated().map { ("/coordinators/Main/start/\($0.offset)", $0.element.part) }
            + eventActions.enumerated().map { ("/coordinators/Main/screens/s/events/e/do/\($0.offset)", $0.element.part) }
    }

    @Test func eachPartHasTheMembersTheReaderKnowsAndNoOthers() throws {
        let checked = Self.parts + Self.actionPointers
        let file = checked.reduce(Self.everyPart) { file, place in
            Self.changing(file, at: place.pointer) { JSONObject($0.map { ($0.key, $0.value) } + [("frobnicate", true)]) }
        }
        let problems = Self.problems(file).filter { $0.message.hasPrefix("unknown member") }
        for (pointer, name) in checked {
            let part = Self.part(name)
            let problem = try #require(problems.first { $0.pointer == pointer + "/frobnicate" }, "no unknown member at '\(pointer)'")
            let known = try #require(Self.names(after: "; known: ", in: problem.message), "\(problem.message)")
            #expect(Set(part["properties"]?.objectValue?.keys ?? []) == known, "\(name) at '\(pointer)'")
            #expect(part["additionalProperties"] == false, "\(name)")
        }
        #expect(problems.count == checked.count, "\(problems.map { "\($0.pointer): \($0.message)" })")
        // Every part of the schema that refuses unknown members is one of those compared.
        let definitions = Self.schema.objectValue?["$defs"]?.objectValue ?? JSONObject()
        let refusing = definitions.filter { $0.value.objectValue?["additionalProperties"] == false }.map(\.key)
        #expect(Set(refusing) == Set(checked.map(\.part)).subtracting([""]))
    }

    @Test func eachPartRequiresTheMembersTheReaderRequires() {
        #expect(!Self.problems(Self.everyPart).contains { $0.message.hasSuffix("is required") })
        for (pointer, name) in Self.parts {
            let required = Self.strings(Self.part(name)["required"])
            for member in Self.object(at: pointer, in: Self.everyPart).keys {
                let without = Self.changing(Self.everyPart, at: pointer) {
                    JSONObject($0.filter { $0.key != member }.map { ($0.key, $0.value) })
                }
                let refused = Self.problems(without).contains { $0.pointer == pointer && $0.message == "'\(member)' is required" }
                #expect(refused == required.contains(member), "\(name) at '\(pointer)' without '\(member)'")
            }
        }
        for (_, name) in Self.actionPointers {
            #expect(Self.strings(Self.part(name)["required"]) == [name == "ifInEvent" ? "if" : name], "\(name)")
        }
    }

    @Test func theActionsRolesFieldTypesAndReservedEventsAreTheReaders() throws {
        let unknown: JSONValue = [
            "flow": "f", "version": 1, "root": "Main",
            "coordinators": [
                "Main": [
                    "start": [["shove": "s"]],
                    "screens": ["s": ["events": ["e": ["role": "secondary", "fields": ["a": ["type": "date"]]]]]],
                ]
            ],
        ]
        let messages = Self.problems(unknown).map(\.message)
        let actions = try #require(messages.lazy.compactMap { Self.names(after: "; actions: ", in: $0) }.first, "\(messages)")
        let roles = try #require(messages.lazy.compactMap { Self.names(after: "; roles: ", in: $0) }.first, "\(messages)")
        let types = try #require(messages.lazy.compactMap { Self.names(after: "; types: ", in: $0) }.first, "\(messages)")

        func actionNames(_ list: String) -> Set<String> {
            let references = (Self.part(list)["oneOf"]?.arrayValue ?? []).compactMap { $0.objectValue?["$ref"]?.stringValue }
            return Set(references.flatMap { Self.strings(Self.part(String($0.dropFirst("#/$defs/".count)))["required"]) })
        }
        #expect(actionNames("eventAction") == actions)
        #expect(actionNames("action") == actions.subtracting(["reject"]))
        #expect(Self.strings(Self.part("event")["properties"]?.objectValue?["role"]?.objectValue?["enum"]) == roles)
        #expect(Self.strings(Self.part("fieldType")["enum"]) == types)
        let reserved = Self.part("screen")["properties"]?.objectValue?["events"]?.objectValue?["propertyNames"]?.objectValue?["not"]
        #expect(Self.strings(reserved?.objectValue?["enum"]) == Set(ReservedEvent.allCases.map(\.rawValue)))
    }

    @Test func eachPresentStyleOfTheSchemaIsOneTheReaderTakes() {
        let styles = Self.strings(Self.part("present")["properties"]?.objectValue?["style"]?.objectValue?["enum"])
        #expect(styles == ["sheet", "fullScreen"])
        for style in styles.sorted() + ["popover"] {
            let file: JSONValue = [
                "flow": "f", "version": 1, "root": "Main",
                "coordinators": ["Main": ["start": [["present": "s", "style": .string(style)]], "screens": ["s": [:]]]],
            ]
            #expect(Self.problems(file).isEmpty == styles.contains(style), "\(style): \(Self.problems(file))")
        }
    }
}
